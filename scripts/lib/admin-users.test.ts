import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../src/server/db/schema/index.ts';
import { insertUser } from '#test/factories.ts';
import { signUp } from '#test/firebase-emulator.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { listAdmins, setAdmin } from './admin-users.ts';

describe('admin CLI logic', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('grants admin to a user who signed in (case-insensitively), with a system audit row', async () => {
    const person = await signUp({ displayName: 'Grace' });
    expect((await t.request('/users', { token: person.idToken })).status).toBe(200);

    const changes = await setAdmin(t.services.db, `  ${person.email.toUpperCase()} `, true);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ changed: true, user: { id: person.uid, isAdmin: true } });
    // The API now sees an admin.
    const me = await (await t.request('/users', { token: person.idToken })).json();
    expect(me).toMatchObject({ id: person.uid, isAdmin: true });

    const audit = await t.services.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, person.uid), eq(auditLog.action, 'user.admin_grant')));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorKind: 'system',
      actorUserId: null,
      targetType: 'user',
      before: { is_admin: false },
      after: { is_admin: true },
    });
  });

  it('reports no change (and writes no audit row) when the flag is already set', async () => {
    const user = await insertUser(t.services.db, { email: 'already@example.test', isAdmin: true });
    const changes = await setAdmin(t.services.db, 'already@example.test', true);
    expect(changes).toEqual([expect.objectContaining({ changed: false })]);
    const audit = await t.services.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit).toEqual([]);
  });

  it('revokes admin and lists only the remaining admins', async () => {
    const keep = await insertUser(t.services.db, { email: 'keep@example.test', isAdmin: true });
    const drop = await insertUser(t.services.db, { email: 'drop@example.test', isAdmin: true });
    const changes = await setAdmin(t.services.db, 'drop@example.test', false);
    expect(changes).toEqual([expect.objectContaining({ changed: true })]);
    const [row] = await t.services.db.select().from(users).where(eq(users.id, drop.id));
    expect(row!.isAdmin).toBe(false);

    const admins = (await listAdmins(t.services.db)).map((u) => u.id);
    expect(admins).toContain(keep.id);
    expect(admins).not.toContain(drop.id);
  });

  it('refuses an address nobody signed in with, and one that is not an address', async () => {
    await expect(setAdmin(t.services.db, 'nobody@example.test', true)).rejects.toThrow(
      /No user with the e-mail nobody@example\.test has signed in yet/,
    );
    await expect(setAdmin(t.services.db, 'not-an-email', true)).rejects.toThrow(/is not an e-mail address/);
  });
});
