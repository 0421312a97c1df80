import { describe, expect, it } from 'vitest';
import { forgetSavedToken, resolveBearerToken, SESSION_TOKEN_KEY } from './token.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('resolveBearerToken', () => {
  it('uses the live token and saves it to session storage', async () => {
    const storage = memoryStorage({ [SESSION_TOKEN_KEY]: 'old' });
    expect(await resolveBearerToken(storage, async () => 'fresh')).toBe('fresh');
    expect(storage.data.get(SESSION_TOKEN_KEY)).toBe('fresh');
  });

  it('falls back to the saved token when no user is live', async () => {
    const storage = memoryStorage({ [SESSION_TOKEN_KEY]: 'saved' });
    expect(await resolveBearerToken(storage, async () => null)).toBe('saved');
    expect(await resolveBearerToken(storage, null)).toBe('saved');
  });

  it('falls back to the saved token when the live provider fails', async () => {
    const storage = memoryStorage({ [SESSION_TOKEN_KEY]: 'saved' });
    expect(
      await resolveBearerToken(storage, async () => {
        throw new Error('offline');
      }),
    ).toBe('saved');
  });

  it('is null with neither, and forgetSavedToken removes the saved one', async () => {
    const storage = memoryStorage({ [SESSION_TOKEN_KEY]: 'saved' });
    forgetSavedToken(storage);
    expect(await resolveBearerToken(storage, async () => null)).toBeNull();
    expect(await resolveBearerToken(null, async () => null)).toBeNull();
  });
});
