import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_HOST, EMULATOR_PROJECT, signUp, type EmulatorUser } from '#test/firebase-emulator.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { sessionEnded } from '../../services/users/sessions.ts';

// "Sign out everywhere" on the account page: the identity provider (here the real Firebase Auth
// emulator) revokes the account's refresh tokens, and the API refuses the ID tokens every session
// of it still holds, refreshed ones too.

const PASSWORD = 'correct-horse-battery';
const base = `http://${EMULATOR_HOST}`;

interface Session {
  idToken: string;
  refreshToken: string;
}

/** A password sign-in: one more session of the account, as another device would have. */
async function signIn(email: string): Promise<Session> {
  const response = await fetch(`${base}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  return (await response.json()) as Session;
}

/** A new ID token for a session, as the Firebase SDK gets one every hour. */
async function refresh(session: Session): Promise<string> {
  const response = await fetch(`${base}/securetoken.googleapis.com/v1/token?key=k`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(session.refreshToken)}`,
  });
  return ((await response.json()) as { id_token: string }).id_token;
}

const authTimeOf = (idToken: string) =>
  (JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as { auth_time: number }).auth_time;

describe('POST /users/sign-out-everywhere', () => {
  let t: TestApp;
  let account: EmulatorUser;
  let laptop: Session;
  let phone: Session;
  beforeAll(async () => {
    t = await createTestApp();
    account = await signUp();
    [laptop, phone] = await Promise.all([signIn(account.email), signIn(account.email)]);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.request('/users', { token });

  it('ends every session of the account: their ID tokens, refreshed or not, are refused', async () => {
    expect((await me(laptop.idToken)).status).toBe(200);
    expect((await me(phone.idToken)).status).toBe(200);

    const response = await t.request('/users/sign-out-everywhere', { method: 'POST', token: laptop.idToken });
    expect(response.status).toBe(204);

    for (const token of [laptop.idToken, phone.idToken, await refresh(phone)]) {
      const refused = await me(token);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ error: 'session_revoked' });
    }
    // Public reads still answer, as for a visitor.
    expect((await t.request('/nodes', { token: phone.idToken })).status).toBe(200);
  });

  it('recorded the revocation with the identity provider and in the audit log', async () => {
    const lookup = await fetch(
      `${base}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:lookup`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: [account.uid] }),
      },
    );
    const [record] = ((await lookup.json()) as { users: { validSince: string }[] }).users;
    const [row] = await t.services.db.select().from(users).where(eq(users.id, account.uid));
    expect(row!.sessionsValidAfter!.getTime()).toBe(Number(record!.validSince) * 1000);
    expect(Number(record!.validSince)).toBeGreaterThanOrEqual(authTimeOf(phone.idToken));
    const entries = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.sessions_revoke'), eq(auditLog.targetId, account.uid)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: account.uid, actorKind: 'user' });
  });

  it('accepts sessions that signed in after the revocation', async () => {
    // Moved back to before this session's sign-in (the provider counts whole seconds; waiting for the
    // next one is not a test's business): the same comparison, from the other side.
    const since = new Date((authTimeOf(phone.idToken) - 1) * 1000);
    await t.services.db.update(users).set({ sessionsValidAfter: since }).where(eq(users.id, account.uid));
    expect((await me(phone.idToken)).status).toBe(200);
  });

  it('tells a session the provider itself counts as revoked that it was signed out, whatever the second', async () => {
    // The revocation falling in a later second than the sign-in (as on a busy machine): the emulator
    // then refuses the token on its own (firebase-admin checks revocation against it), which must still
    // read as `session_revoked`, never as "no token at all". Pinned here through the provider's API.
    const other = await signUp();
    const session = await signIn(other.email);
    expect((await me(session.idToken)).status).toBe(200);
    const validSince = authTimeOf(session.idToken) + 1;
    const moved = await fetch(
      `${base}/identitytoolkit.googleapis.com/v1/projects/${EMULATOR_PROJECT}/accounts:update`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
        body: JSON.stringify({ localId: other.uid, validSince: String(validSince) }),
      },
    );
    expect(moved.status).toBe(200);
    await t.services.db
      .update(users)
      .set({ sessionsValidAfter: new Date(validSince * 1000) })
      .where(eq(users.id, other.uid));
    const refused = await me(session.idToken);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'session_revoked' });
  });

  it('is for signed-in callers only', async () => {
    const response = await t.request('/users/sign-out-everywhere', { method: 'POST' });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: 'unauthorized' });
  });
});

describe('sessionEnded', () => {
  const at = (seconds: number) => ({ sessionsValidAfter: new Date(seconds * 1000) });
  it('ends sessions that signed in before or in the second of the revocation, not after', () => {
    expect(sessionEnded({ sessionsValidAfter: null }, 100)).toBe(false);
    expect(sessionEnded(at(100), 99)).toBe(true);
    expect(sessionEnded(at(100), 100)).toBe(true);
    expect(sessionEnded(at(100), 101)).toBe(false);
  });
});
