import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import type { AppConfig, AppDeps } from '../../app-deps.ts';

// The route reads configuration only, so the app is built on a config without a database.
const appWith = (config: Partial<AppConfig>) => createApp({ config } as AppDeps);

describe('GET /features', () => {
  it('reports the configured partner-node conversion rate, to anyone', async () => {
    const response = await appWith({ partnerNodeConversionRate: 0.5 }).request('http://api.test/features');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ partner_node_conversion_rate: 0.5 });
  });

  it('defaults the rate to 1', async () => {
    const response = await appWith({}).request('http://api.test/features');
    expect(await response.json()).toEqual({ partner_node_conversion_rate: 1 });
  });
});
