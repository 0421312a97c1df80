import { describe, expect, it } from 'vitest';
import { popupOrRedirect } from './popup-fallback.ts';

const failing = (code: string) => async () => {
  throw Object.assign(new Error(code), { code });
};

describe('popupOrRedirect', () => {
  it('returns the popup result and never redirects when the popup works', async () => {
    let redirected = false;
    const result = await popupOrRedirect(
      async () => 'credential',
      async () => void (redirected = true),
    );
    expect(result).toBe('credential');
    expect(redirected).toBe(false);
  });

  it('redirects when the popup is blocked', async () => {
    let redirected = 0;
    const result = await popupOrRedirect(failing('auth/popup-blocked'), async () => void redirected++);
    expect(result).toBe('redirect');
    expect(redirected).toBe(1);
  });

  it('rethrows other errors (a closed popup is the user saying no)', async () => {
    let redirected = false;
    await expect(
      popupOrRedirect(failing('auth/popup-closed-by-user'), async () => void (redirected = true)),
    ).rejects.toMatchObject({ code: 'auth/popup-closed-by-user' });
    expect(redirected).toBe(false);
  });
});
