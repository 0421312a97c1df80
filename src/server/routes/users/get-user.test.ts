import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, uniqueEmail } from '#test/firebase-emulator.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';

describe('GET /users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 401 without a token', async () => {
    const response = await t.request('/users');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'unauthorized', message: expect.any(String) });
  });

  it('answers 401 for a forged token', async () => {
    const response = await t.request('/users', { token: 'not-a-jwt' });
    expect(response.status).toBe(401);
  });

  it('creates the user on first sight and reports isAdmin=false', async () => {
    const user = await signUp({ displayName: 'Ada' });
    const response = await t.request('/users', { token: user.idToken });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: user.uid,
      email: user.email,
      name: 'Ada',
      isApproved: false,
      isAdmin: false,
      banned_publishers: [],
    });
  });

  it('makes a verified ADMIN_EMAILS address an admin, but never an unverified one', async () => {
    const verifiedEmail = uniqueEmail('boss');
    const unverifiedEmail = uniqueEmail('boss');
    const local = await createTestApp({ config: { adminEmails: [verifiedEmail, unverifiedEmail] } });
    try {
      const verified = await signUp({ email: verifiedEmail, emailVerified: true });
      const unverified = await signUp({ email: unverifiedEmail });
      const asVerified = await local.request('/users', { token: verified.idToken });
      expect(await asVerified.json()).toMatchObject({ id: verified.uid, isAdmin: true });
      const asUnverified = await local.request('/users', { token: unverified.idToken });
      expect(await asUnverified.json()).toMatchObject({ id: unverified.uid, isAdmin: false });
    } finally {
      await local.close();
    }
  });
});
