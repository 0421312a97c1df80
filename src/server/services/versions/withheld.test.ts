import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type Actor } from '#test/authz/actors.ts';
import { insertNode, insertPublisher, insertUser, insertVersion } from '#test/factories.ts';
import { insertUploadedVersion } from '#test/publish.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { buildZip } from '#test/zip.ts';
import type { PublisherRow } from '../../db/rows.ts';
import { nodes } from '../../db/schema/index.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { loadNodePage } from '../../page-loaders/node-page/load-node-page.ts';
import { VERSION_SCAN_JOB } from '../moderation/scan-version.ts';
import { isWithheld } from './latest.ts';

// Issue 16.1: a pack whose only version the scanner flagged is not promoted anywhere.

const MALICIOUS = {
  '__init__.py': 'from .nodes import NODE_CLASS_MAPPINGS\n',
  'nodes.py':
    'import base64\nexec(base64.b64decode("aW1wb3J0IG9z"))\n' +
    'class Glint:\n    CATEGORY = "x"\nNODE_CLASS_MAPPINGS = {"GlintQuokka": Glint}\n',
};

describe('isWithheld', () => {
  it('withholds only when versions exist, none is Active, and one was flagged or banned', () => {
    expect(isWithheld([])).toBe(false);
    expect(isWithheld(['NodeVersionStatusPending'])).toBe(false);
    expect(isWithheld(['NodeVersionStatusDeleted'])).toBe(false);
    expect(isWithheld(['NodeVersionStatusFlagged'])).toBe(true);
    expect(isWithheld(['NodeVersionStatusBanned', 'NodeVersionStatusDeleted'])).toBe(true);
    expect(isWithheld(['NodeVersionStatusFlagged', 'NodeVersionStatusActive'])).toBe(false);
  });
});

describe('a withheld pack', () => {
  let t: TestApp;
  let publisher: PublisherRow;
  let admin: Actor;
  const flaggedId = 'glint-quokka-flagged';
  const corpusId = 'glint-quokka-corpus';

  const ids = async (path: string) => {
    const response = await t.request(path);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { nodes: { id: string }[] } | { id: string }[];
    return (Array.isArray(body) ? body : body.nodes).map((node) => node.id).sort();
  };
  const suggested = async () => {
    const body = (await (await t.request('/nodes/suggest?q=glint')).json()) as {
      suggestions: { nodeId?: string }[];
    };
    return new Set(body.suggestions.map((s) => s.nodeId).filter(Boolean));
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, { admin: true });
    publisher = await insertPublisher(t.services.db, { owner: await insertUser(t.services.db) });
    await insertNode(t.services.db, { publisherId: publisher.id, id: flaggedId, name: 'Glint Quokka Flagged' });
    // A corpus import: no version at all, installed from its repository. Never withheld.
    await insertNode(t.services.db, { publisherId: publisher.id, id: corpusId, name: 'Glint Quokka Corpus' });
    const version = await insertUploadedVersion(t.services, {
      publisherId: publisher.id,
      nodeId: flaggedId,
      version: '1.0.0',
      bytes: buildZip(MALICIOUS),
      status: 'NodeVersionStatusPending',
    });
    await enqueueJob(t.services.db, VERSION_SCAN_JOB, { versionId: version.id });
    await t.syncSearch();
  });
  afterAll(() => t.close());

  it('is listed while its only version waits for the scan (Pending does not withhold)', async () => {
    expect(await ids('/nodes/search?search=glint quokka')).toEqual([corpusId, flaggedId]);
    expect(await ids(`/nodes?node_id=${flaggedId}`)).toEqual([flaggedId]);
  });

  it('leaves search, suggestions, /nodes and the publisher lists once the scanner flags it', async () => {
    const [before] = await t.services.db.select().from(nodes).where(eq(nodes.id, flaggedId));
    expect(await t.runJobs()).toBe(1);
    const [after] = await t.services.db.select().from(nodes).where(eq(nodes.id, flaggedId));
    expect(after!.withheld).toBe(true);
    // The change feed moved, in the scan's own transaction: that is how every instance's index learns it.
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    await t.syncSearch();

    expect(await ids('/nodes/search?search=glint quokka')).toEqual([corpusId]);
    expect(await ids('/nodes/search?search=GlintQuokka')).not.toContain(flaggedId);
    expect(await suggested()).not.toContain(flaggedId);
    expect(await ids(`/nodes?node_id=${flaggedId}&node_id=${corpusId}`)).toEqual([corpusId]);
    expect(await ids(`/publishers/${publisher.id}/nodes`)).toEqual([corpusId]);
    expect(await ids(`/publishers/${publisher.id}/nodes/v2`)).toEqual([corpusId]);
  });

  it('is still there for whoever asks with include_banned (admins, the publisher dashboard)', async () => {
    expect(await ids('/nodes/search?search=glint quokka&include_banned=true')).toEqual([corpusId, flaggedId]);
    expect(await ids(`/nodes?node_id=${flaggedId}&include_banned=true`)).toEqual([flaggedId]);
    expect(await ids(`/publishers/${publisher.id}/nodes/v2?include_banned=true`)).toEqual([corpusId, flaggedId]);
  });

  it('has a page that says so and offers nothing to install', async () => {
    const page = await loadNodePage(t.services, { nodeId: flaggedId, version: null });
    expect(page.kind).toBe('found');
    if (page.kind !== 'found') return;
    expect(page.data).toMatchObject({ withheld: true, banned: false, latest: null, recommended: null });
    const corpus = await loadNodePage(t.services, { nodeId: corpusId, version: null });
    expect(corpus.kind === 'found' && corpus.data.withheld).toBe(false);
  });

  it('comes back everywhere when an admin approves the version', async () => {
    const response = await t.request(`/admin/nodes/${flaggedId}/versions/1.0.0`, {
      method: 'PUT',
      token: admin.token,
      json: { status: 'NodeVersionStatusActive', status_reason: 'Reviewed' },
    });
    expect(response.status).toBe(200);
    await t.syncSearch();
    expect(await ids('/nodes/search?search=glint quokka')).toEqual([corpusId, flaggedId]);
    expect(await suggested()).toContain(flaggedId);
    expect(await ids(`/publishers/${publisher.id}/nodes`)).toEqual([corpusId, flaggedId]);
  });

  it('is withheld again when an admin bans its only Active version, and not when another stays Active', async () => {
    await insertVersion(t.services.db, { nodeId: flaggedId, version: '0.9.0' });
    const ban = (version: string) =>
      t.request(`/admin/nodes/${flaggedId}/versions/${version}`, {
        method: 'PUT',
        token: admin.token,
        json: { status: 'NodeVersionStatusBanned', status_reason: 'Malware' },
      });
    expect((await ban('1.0.0')).status).toBe(200);
    await t.syncSearch();
    expect(await ids('/nodes/search?search=glint quokka')).toEqual([corpusId, flaggedId]);
    expect((await ban('0.9.0')).status).toBe(200);
    await t.syncSearch();
    expect(await ids('/nodes/search?search=glint quokka')).toEqual([corpusId]);
  });
});
