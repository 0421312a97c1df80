import { describe, expect, it } from 'vitest';
import ar from './locales/errors/ar.json' with { type: 'json' };
import en from './locales/errors/en.json' with { type: 'json' };
import { ApiRequestError } from '../lib/api/errors.ts';
import { loadApiErrorText } from './load-api-error-text.ts';

describe('loadApiErrorText', () => {
  it("loads the language's error texts on demand and builds the refusal's sentence", async () => {
    const refusal = new ApiRequestError(403, 'Your account is banned.', 'user_banned');
    expect(await loadApiErrorText('ar', refusal)).toBe(ar.apiErrors.codes.user_banned);
    expect(await loadApiErrorText('en', refusal)).toBe(en.apiErrors.codes.user_banned);
  });

  it('builds validation sentences with counts (plural rules), and the generic sentence for anything else', async () => {
    const invalid = new ApiRequestError(400, 'bad', 'validation_error', [
      { path: 'message', code: 'too_long', limit: 2000 },
    ]);
    expect(await loadApiErrorText('fr', invalid)).toMatch(/2\s000/);
    expect(await loadApiErrorText('ar', new Error('network down'))).toBe(ar.apiErrors.generic);
  });
});
