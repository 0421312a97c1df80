import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../../../scripts/lib/api-types.ts';

describe('generated API types', () => {
  it('match docs/openapi.json (run `npm run api-types` after `npm run openapi`)', async () => {
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    expect(committed).toContain('export interface components');
    expect(committed === (await renderApiTypes())).toBe(true);
  });
});
