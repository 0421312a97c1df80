import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher, insertToken, insertUser } from '#test/factories.ts';
import { comfyCliPublishBody } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import type { PublisherRow, UserRow } from '../../db/rows.ts';
import { nodes, nodeVersions, publisherPermissions, publishers, users } from '../../db/schema/index.ts';

// A personal access token acts for the user who created it: a ban of that user, or their removal
// from the publisher, stops the token (services/publish/token-authority.ts).

describe('publishing with a token whose creator lost their standing', () => {
  let t: TestApp;
  let counter = 0;
  const freshNodeId = () => `authority-node-${++counter}`;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function ownerWithToken(role: 'owner' | 'member' = 'owner') {
    const user = await insertUser(t.services.db);
    const publisher = await insertPublisher(t.services.db, role === 'owner' ? { owner: user } : { members: [user] });
    const { token } = await insertToken(t.services.db, publisher, { createdBy: user.id });
    return { user, publisher, token };
  }

  const publish = (publisher: PublisherRow, token: string, nodeId: string) =>
    t.request(`/publishers/${publisher.id}/nodes/${nodeId}/versions`, {
      method: 'POST',
      json: comfyCliPublishBody(token, nodeId, '1.0.0'),
    });

  const ban = (user: UserRow) =>
    t.services.db.update(users).set({ status: 'UserStatusBanned' }).where(eq(users.id, user.id));

  async function expectRefused(response: Response, code: string, message: RegExp, nodeId: string) {
    const body = (await response.json()) as { error: string; message: string };
    expect(response.status, JSON.stringify(body)).toBe(403);
    expect(body.error).toBe(code);
    expect(body.message).toMatch(message);
    // Nothing was written: no node, no version.
    expect(await t.services.db.select().from(nodes).where(eq(nodes.id, nodeId))).toEqual([]);
    expect(await t.services.db.select().from(nodeVersions).where(eq(nodeVersions.nodeId, nodeId))).toEqual([]);
  }

  it('still publishes for an active owner and an active member', async () => {
    for (const role of ['owner', 'member'] as const) {
      const { publisher, token } = await ownerWithToken(role);
      expect((await publish(publisher, token, freshNodeId())).status).toBe(201);
    }
  });

  it('refuses a token made before its creator was banned: 403 user_banned', async () => {
    const { user, publisher, token } = await ownerWithToken();
    await ban(user);
    const nodeId = freshNodeId();
    await expectRefused(
      await publish(publisher, token, nodeId),
      'user_banned',
      /created this .* token is banned/,
      nodeId,
    );
  });

  it('refuses the banned creator even when they are an admin', async () => {
    const { user, publisher, token } = await ownerWithToken();
    await t.services.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id));
    await ban(user);
    const nodeId = freshNodeId();
    await expectRefused(await publish(publisher, token, nodeId), 'user_banned', /banned/, nodeId);
  });

  it('refuses a token whose creator was removed from the publisher: 403 token_creator_not_member', async () => {
    const { user, publisher, token } = await ownerWithToken();
    await t.services.db
      .delete(publisherPermissions)
      .where(and(eq(publisherPermissions.publisherId, publisher.id), eq(publisherPermissions.userId, user.id)));
    const nodeId = freshNodeId();
    await expectRefused(
      await publish(publisher, token, nodeId),
      'token_creator_not_member',
      new RegExp(`no longer a member of publisher "${publisher.id}"`),
      nodeId,
    );
  });

  it('refuses a token of a publisher banned after the token was made: 403 publisher_banned', async () => {
    const { publisher, token } = await ownerWithToken();
    await t.services.db
      .update(publishers)
      .set({ status: 'PublisherStatusBanned' })
      .where(eq(publishers.id, publisher.id));
    const nodeId = freshNodeId();
    await expectRefused(await publish(publisher, token, nodeId), 'publisher_banned', /is banned/, nodeId);
  });
});
