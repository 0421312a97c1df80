import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNode, insertPublisher, insertUser } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { auditLog, nodes, nodeVersions, publishers } from '../../db/schema/index.ts';
import { UNCLAIMED_PUBLISHER_ID } from '../publishers/unclaimed.ts';
import { parseCorpus } from './corpus-schema.ts';
import { importCorpus } from './import-corpus.ts';

interface RawRecord {
  id: string;
  name: string;
  author: string;
  repository: string;
  description: string;
  tags: string[];
  github_stars: number | null;
  last_update: string | null;
  comfy_nodes: string[];
}

const corpusJson = (): { source: string; nodes: RawRecord[] } => ({
  source: 'test corpus',
  nodes: [
    {
      id: 'comfyui-alpha',
      name: 'Alpha Pack',
      author: 'alice',
      repository: 'https://github.com/alice/comfyui-alpha',
      description: 'Alpha nodes.',
      tags: ['image'],
      github_stars: 12,
      last_update: '2026-01-02 03:04:05',
      comfy_nodes: ['AlphaLoader', 'AlphaSaver'],
    },
    {
      id: 'Beta.Pack',
      name: 'Beta',
      author: 'bob',
      repository: 'https://github.com/bob/beta',
      description: '',
      tags: [],
      github_stars: null,
      last_update: null,
      comfy_nodes: [],
    },
    {
      id: 'gamma',
      name: 'Gamma',
      author: 'carol',
      repository: 'https://github.com/carol/gamma',
      description: 'Gamma.',
      tags: [],
      github_stars: 3,
      last_update: null,
      comfy_nodes: ['GammaOne'],
    },
  ],
});

async function classNamesOf(t: TestApp, nodeId: string): Promise<string[]> {
  const [row] = await t.services.db
    .select({ names: nodes.catalogComfyNodeNames })
    .from(nodes)
    .where(eq(nodes.id, nodeId));
  return [...(row?.names ?? [])].sort();
}

describe('importCorpus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('creates author publishers and their nodes with fields and class names, installable by nobody', async () => {
    const summary = await importCorpus(t.services.db, parseCorpus(corpusJson()), { batchSize: 2 });
    expect(summary).toMatchObject({ total: 3, created: 3, updated: 0, unchanged: 0, skipped: 0, classNames: 3 });

    const [alpha] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'comfyui-alpha'));
    expect(alpha).toMatchObject({
      publisherId: 'alice',
      name: 'Alpha Pack',
      author: 'alice',
      repository: 'https://github.com/alice/comfyui-alpha',
      tags: ['image'],
      githubStars: 12,
      latestVersionId: null,
    });
    expect(await classNamesOf(t, 'comfyui-alpha')).toEqual(['AlphaLoader', 'AlphaSaver']);
    // Imported packs have no versions here (no archive to install).
    const versions = await t.services.db.select().from(nodeVersions);
    expect(versions).toEqual([]);
    // One member-less publisher per author, named after the author.
    const authorPublishers = await t.services.db.select().from(publishers).where(eq(publishers.id, 'bob'));
    expect(authorPublishers).toMatchObject([{ id: 'bob', name: 'bob' }]);

    const api = await (await t.request('/nodes/comfyui-alpha')).json();
    expect(api).toMatchObject({ id: 'comfyui-alpha', author: 'alice', github_stars: 12 });
    expect(api).not.toHaveProperty('latest_version');
    expect((await t.request('/nodes/comfyui-alpha/install')).status).toBe(404);
    const listed = await (await t.request('/nodes/comfyui-alpha/versions')).json();
    expect(listed).toEqual([]);
  });

  it('is idempotent: a second run creates nothing and reports everything unchanged', async () => {
    const summary = await importCorpus(t.services.db, parseCorpus(corpusJson()));
    expect(summary).toMatchObject({ created: 0, updated: 0, unchanged: 3, skipped: 0 });
    const [nodeCount] = await t.services.db.select({ n: count() }).from(nodes);
    expect(nodeCount!.n).toBe(3);
    expect(await classNamesOf(t, 'gamma')).toEqual(['GammaOne']);
  });

  it('updates changed fields and class lists, matching ids case-insensitively', async () => {
    const changed = corpusJson();
    changed.nodes[0]!.github_stars = 40;
    changed.nodes[0]!.comfy_nodes = ['AlphaLoader', 'AlphaMixer'];
    changed.nodes[1]!.id = 'beta.pack';
    changed.nodes[1]!.description = 'Now described.';
    const summary = await importCorpus(t.services.db, parseCorpus(changed));
    expect(summary).toMatchObject({ created: 0, updated: 2, unchanged: 1 });

    const [alpha] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'comfyui-alpha'));
    expect(alpha!.githubStars).toBe(40);
    expect(await classNamesOf(t, 'comfyui-alpha')).toEqual(['AlphaLoader', 'AlphaMixer']);
    const [beta] = await t.services.db.select().from(nodes).where(eq(nodes.normalizedId, 'beta.pack'));
    expect(beta).toMatchObject({ id: 'Beta.Pack', description: 'Now described.' });
  });

  it('never touches a node that a publisher with members owns', async () => {
    const owner = await insertUser(t.services.db);
    const publisher = await insertPublisher(t.services.db, { owner });
    await insertNode(t.services.db, { id: 'owned-pack', publisherId: publisher.id, name: 'Mine' });
    const corpus = corpusJson();
    corpus.nodes.push({ ...corpus.nodes[2]!, id: 'OWNED-PACK', name: 'Theirs', comfy_nodes: ['X'] });
    const summary = await importCorpus(t.services.db, parseCorpus(corpus));
    expect(summary).toMatchObject({ skipped: 1 });
    const [owned] = await t.services.db.select().from(nodes).where(eq(nodes.id, 'owned-pack'));
    expect(owned).toMatchObject({ publisherId: publisher.id, name: 'Mine' });
    expect(await classNamesOf(t, 'owned-pack')).toEqual([]);
  });

  it('never borrows the id of a real publisher for an author, and sends odd authors to unclaimed', async () => {
    const owner = await insertUser(t.services.db);
    await insertPublisher(t.services.db, { id: 'dana', owner });
    const corpus = corpusJson();
    corpus.nodes.push({ ...corpus.nodes[2]!, id: 'dana-pack', author: 'Dana' });
    corpus.nodes.push({ ...corpus.nodes[2]!, id: 'odd-pack', author: '!!!' });
    await importCorpus(t.services.db, parseCorpus(corpus));
    const rows = await t.services.db.select({ id: nodes.id, publisherId: nodes.publisherId }).from(nodes);
    const publisherOf = new Map(rows.map((r) => [r.id, r.publisherId]));
    expect(publisherOf.get('dana-pack')).toBe(UNCLAIMED_PUBLISHER_ID);
    expect(publisherOf.get('odd-pack')).toBe(UNCLAIMED_PUBLISHER_ID);
  });

  it('writes one system audit row per run', async () => {
    const rows = await t.services.db.select().from(auditLog).where(eq(auditLog.action, 'corpus.import'));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows[0]).toMatchObject({ actorKind: 'system', actorUserId: null, targetId: 'test corpus' });
  });
});

describe('parseCorpus', () => {
  it('names the bad record by index and id', () => {
    const corpus = corpusJson() as unknown as { nodes: Record<string, unknown>[] };
    corpus.nodes[1]!['github_stars'] = 'many';
    expect(() => parseCorpus(corpus)).toThrow(/record 1 \(id "Beta\.Pack"\): github_stars/);
  });

  it('rejects ids that differ only in case, naming both records', () => {
    const corpus = corpusJson();
    corpus.nodes[2]!.id = 'COMFYUI-ALPHA';
    expect(() => parseCorpus(corpus)).toThrow(/record 2 \(id "COMFYUI-ALPHA"\): duplicates the id of record 0/);
  });

  it('rejects a file that is not a corpus', () => {
    expect(() => parseCorpus({ packs: [] })).toThrow(/Not a node corpus: nodes/);
    expect(() => parseCorpus({ nodes: [{ id: 'a/b' }] })).toThrow(/record 0 \(id "a\/b"\): id: must not contain/);
  });
});
