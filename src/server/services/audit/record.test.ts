import { describe, expect, it } from 'vitest';
import { redactSecrets } from './record.ts';

describe('redactSecrets', () => {
  it('drops secret-looking keys at any depth and turns dates into ISO strings', () => {
    expect(
      redactSecrets({
        id: 'x',
        tokenHash: 'abc',
        nested: { personal_access_token: 'nyd_pat_x', password: 'p', keep: [{ secret: 1, ok: 2 }] },
        at: new Date('2026-01-02T03:04:05Z'),
      }),
    ).toEqual({ id: 'x', nested: { keep: [{ ok: 2 }] }, at: '2026-01-02T03:04:05.000Z' });
  });

  it('keeps scalars and maps undefined to null', () => {
    expect(redactSecrets('text')).toBe('text');
    expect(redactSecrets(undefined)).toBeNull();
  });
});
