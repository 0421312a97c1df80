import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertProvenance, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { createTestDatabase } from '#test/test-db.ts';
import type { Database } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';
import { isUnclaimedPublisher, UNCLAIMED_PUBLISHER_ID } from '../publishers/unclaimed.ts';
import { findStoredReadme, storeArchiveReadme } from '../readmes/stored-readme.ts';
import { findProvenanceSummary } from '../trusted-publishing/load-provenance.ts';
import { findNode } from './find-node.ts';
import { findNodeWithLatest, loadNodeBundles } from './load-bundles.ts';
import { findNodePageHead } from './node-page-head.ts';

// The node page (and an install) read in one query what several services read one query each. The head must say exactly
// what they say, in every state a node can be in: that is what this file checks, against them.

describe('findNodePageHead', () => {
  let database: Database;
  const sign = (url: string) => `sig:${url}`;
  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    const owner = await insertUser(db);
    const managed = await insertPublisher(db, { id: 'managed', owner });
    const memberless = await insertPublisher(db, { id: 'memberless' });
    await insertPublisher(db, { id: UNCLAIMED_PUBLISHER_ID });

    // Trusted-published latest version with a stored README.
    await insertNode(db, { id: 'Built-Pack', publisherId: managed.id });
    await insertVersion(db, { nodeId: 'Built-Pack', version: '1.0.0' });
    const built = await insertVersion(db, { nodeId: 'Built-Pack', version: '1.1.0' });
    await insertProvenance(db, {
      nodeVersionId: built.id,
      repository: 'acme/built-pack',
      commitSha: 'a'.repeat(40),
      ref: 'refs/tags/v1.1.0',
      workflowRef: 'acme/built-pack/.github/workflows/release.yml@refs/tags/v1.1.0',
    });
    await storeArchiveReadme(db, built.archiveId!, '# Built', { repository: null, sign }, new Date());

    // Published with a token (the audit row says so), no README stored, a member-less publisher.
    await insertNode(db, { id: 'token-pack', publisherId: memberless.id });
    const tokened = await insertVersion(db, { nodeId: 'token-pack', version: '0.1.0', withArchive: false });
    await db.insert(auditLog).values({
      actorKind: 'token',
      action: 'node_version.publish',
      targetType: 'node_version',
      targetId: tokened.id,
    });

    // No version at all, under the unclaimed placeholder.
    await insertNode(db, { id: 'empty-pack', publisherId: UNCLAIMED_PUBLISHER_ID });
  });
  afterAll(() => database.close());

  it.each(['Built-Pack', 'token-pack', 'empty-pack'])('says what the one-query services say of %s', async (id) => {
    const { db } = database;
    const node = (await findNode(db, id))!;
    const [bundle] = await loadNodeBundles(db, [node]);
    const latestId = node.latestVersionId;
    const archiveId = bundle!.latest?.version.archiveId ?? null;
    const expected = {
      bundle,
      unclaimed: await isUnclaimedPublisher(db, node.publisherId),
      latestReadme: (archiveId ? await findStoredReadme(db, archiveId) : undefined) ?? null,
      latestProvenanceSummary: latestId ? await findProvenanceSummary(db, latestId) : null,
    };
    // Looked up in another letter case, as clients do.
    expect(await findNodePageHead(db, id.toUpperCase())).toEqual(expected);
    // The install's lighter read of the same node (load-bundles.ts) agrees too.
    expect(await findNodeWithLatest(db, id.toUpperCase())).toEqual({
      node: bundle!.node,
      latest: bundle!.latest,
      latestProvenance: bundle!.latestProvenance,
    });
  });

  it('reads the facts the services would (so the comparison above compares something)', async () => {
    const built = (await findNodePageHead(database.db, 'built-pack'))!;
    expect(built.bundle.latest?.version.version).toBe('1.1.0');
    expect(built.bundle.latest?.hasArchive).toBe(true);
    expect(built.bundle.latestProvenance).toMatchObject({
      published_with: 'trusted_publishing',
      workflow: 'release.yml',
    });
    expect(built.latestProvenanceSummary).toMatchObject({ repository: 'acme/built-pack', workflow: 'release.yml' });
    expect(built.latestReadme?.markdown).toBe('# Built');
    expect(built.unclaimed).toBe(false);

    const tokened = (await findNodePageHead(database.db, 'token-pack'))!;
    expect(tokened.bundle.latest).toMatchObject({ hasArchive: false, sha256: null });
    expect(tokened.bundle.latestProvenance).toMatchObject({ published_with: 'personal_access_token' });
    expect(tokened).toMatchObject({ unclaimed: true, latestReadme: null, latestProvenanceSummary: null });

    const empty = (await findNodePageHead(database.db, 'empty-pack'))!;
    expect(empty.bundle).toMatchObject({ latest: undefined, latestProvenance: undefined });
    expect(empty.bundle.publisher?.id).toBe(UNCLAIMED_PUBLISHER_ID);
    expect(empty.unclaimed).toBe(true);
  });

  it('finds no node for an unknown id', async () => {
    expect(await findNodePageHead(database.db, 'nope')).toBeUndefined();
    expect(await findNodeWithLatest(database.db, 'nope')).toBeUndefined();
  });
});
