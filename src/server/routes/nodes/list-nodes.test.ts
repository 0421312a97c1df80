import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPublisher } from '#test/factories.ts';
import { createTestApp, type TestApp } from '#test/test-app.ts';
import { seedNode } from '#test/routes/node-read-fixtures.ts';

interface ListBody {
  nodes: Record<string, unknown>[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('GET /nodes (listAllNodes)', () => {
  it('answers an empty registry with totalPages 0', async () => {
    const t = await createTestApp();
    try {
      const response = await t.request('/nodes');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ nodes: [], total: 0, page: 1, limit: 10, totalPages: 0 });
    } finally {
      await t.close();
    }
  });

  describe('with a few nodes', () => {
    let t: TestApp;
    const list = async (query: string) => {
      const response = await t.request(`/nodes${query}`);
      expect(response.status).toBe(200);
      return (await response.json()) as ListBody;
    };
    const ids = async (query: string) => (await list(query)).nodes.map((n) => n.id);

    beforeAll(async () => {
      t = await createTestApp();
      const db = t.services.db;
      const zeta = await insertPublisher(db, { name: 'Zeta Labs' });
      const acme = await insertPublisher(db, { name: 'Acme' });
      await seedNode(db, {
        id: 'Alpha',
        name: 'Alpha Pack',
        publisher: zeta,
        totalInstall: 50,
        createdAt: day('2026-01-01'),
        updatedAt: day('2026-01-01'),
        supportedOs: ['Microsoft :: Windows'],
        supportedAccelerators: ['GPU :: NVIDIA CUDA'],
        versions: [
          { version: '1.9.0', statusReason: 'reviewed' },
          { version: '1.10.0', statusReason: 'reviewed' },
          { version: '2.0.0', status: 'NodeVersionStatusPending' },
        ],
      });
      await seedNode(db, {
        id: 'beta',
        name: 'Bravo Pack',
        publisher: acme,
        totalInstall: 500,
        createdAt: day('2026-02-01'),
        updatedAt: day('2026-05-01'),
        versions: [{ version: '1.0.0', status: 'NodeVersionStatusPending' }],
      });
      await seedNode(db, {
        id: 'gamma',
        name: 'Charlie Pack',
        publisher: zeta,
        totalInstall: 5,
        createdAt: day('2026-03-01'),
        updatedAt: day('2026-03-01'),
        supportedOs: ['POSIX :: Linux'],
        supportedAccelerators: ['GPU :: AMD ROCm'],
        versions: [{ version: '0.1.0' }],
      });
      await seedNode(db, {
        id: 'indep',
        name: 'Delta Pack',
        createdAt: day('2026-01-15'),
        updatedAt: day('2026-01-15'),
        supportedOs: ['OS Independent'],
      });
      await seedNode(db, {
        id: 'banned-node',
        publisher: zeta,
        status: 'NodeStatusBanned',
        createdAt: day('2026-04-01'),
      });
      await seedNode(db, { id: 'deleted-node', status: 'NodeStatusDeleted', createdAt: day('2026-04-02') });
    });
    afterAll(() => t.close());

    it('lists visible nodes newest first with the exact envelope', async () => {
      const body = await list('');
      expect(Object.keys(body).sort()).toEqual(['limit', 'nodes', 'page', 'total', 'totalPages']);
      expect(body).toMatchObject({ total: 4, page: 1, limit: 10, totalPages: 1 });
      expect(body.nodes.map((n) => n.id)).toEqual(['gamma', 'beta', 'indep', 'Alpha']);
    });

    it('keeps the contract field casing and omits latest_version when nothing is installable', async () => {
      const { nodes } = await list('');
      const alpha = nodes.find((n) => n.id === 'Alpha')!;
      const beta = nodes.find((n) => n.id === 'beta')!;
      expect(beta).not.toHaveProperty('latest_version');
      expect(beta).toMatchObject({ id: 'beta', name: 'Bravo Pack', description: expect.any(String) });
      expect(alpha).toMatchObject({
        supported_os: ['Microsoft :: Windows'],
        supported_accelerators: ['GPU :: NVIDIA CUDA'],
        github_stars: 0,
        search_ranking: 0,
        downloads: 50,
        created_at: '2026-01-01T00:00:00.000Z',
        publisher: { name: 'Zeta Labs' },
      });
      for (const camel of ['latestVersion', 'supportedOs', 'githubStars', 'createdAt', 'bannerUrl']) {
        expect(alpha).not.toHaveProperty(camel);
      }
      const latest = alpha['latest_version'] as Record<string, unknown>;
      // Highest semver among Active: 1.10.0 beats 1.9.0 (not string order); the Pending 2.0.0 is not latest.
      expect(latest).toMatchObject({
        version: '1.10.0',
        node_id: 'Alpha',
        status: 'NodeVersionStatusActive',
        downloadUrl: 'http://api.test/archives/Alpha/1.10.0/node.zip',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      });
      expect(latest).not.toHaveProperty('status_reason');
      expect(latest).not.toHaveProperty('download_url');
    });

    it('leaves banned nodes out unless include_banned=true, and never lists deleted ones', async () => {
      expect(await ids('?include_banned=false')).toEqual(['gamma', 'beta', 'indep', 'Alpha']);
      expect(await ids('?include_banned=true')).toEqual(['banned-node', 'gamma', 'beta', 'indep', 'Alpha']);
      expect(await ids('?include_banned=True')).toContain('banned-node');
      const response = await t.request('/nodes?include_banned=maybe');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: 'validation_error',
        message: expect.stringContaining('include_banned'),
      });
    });

    it('filters by repeated node_id keys, case-insensitively', async () => {
      expect(await ids('?node_id=ALPHA&node_id=Gamma')).toEqual(['gamma', 'Alpha']);
      expect(await ids('?node_id=alpha')).toEqual(['Alpha']);
      expect(await ids('?node_id=deleted-node&node_id=banned-node')).toEqual([]);
    });

    it('sorts by the documented keys, ascending unless ;desc, ignoring unknown keys', async () => {
      expect(await ids('?sort=total_install;desc')).toEqual(['beta', 'Alpha', 'gamma', 'indep']);
      expect(await ids('?sort=total_install')).toEqual(['indep', 'gamma', 'Alpha', 'beta']);
      expect(await ids('?sort=name')).toEqual(['Alpha', 'beta', 'gamma', 'indep']);
      expect(await ids('?sort=name;desc')).toEqual(['indep', 'gamma', 'beta', 'Alpha']);
      expect(await ids('?sort=publisher_name&sort=total_install;desc')).toEqual(['beta', 'indep', 'Alpha', 'gamma']);
      expect(await ids('?sort=last_updated;desc')).toEqual(['beta', 'gamma', 'indep', 'Alpha']);
      expect(await ids('?sort=created_at;asc')).toEqual(['Alpha', 'indep', 'beta', 'gamma']);
      expect(await ids('?sort=bogus&sort=;desc&sort=drop%20table')).toEqual(['gamma', 'beta', 'indep', 'Alpha']);
    });

    it('returns nodes created or updated after `timestamp`', async () => {
      expect(await ids('?timestamp=2026-02-15T00:00:00Z')).toEqual(['gamma', 'beta']);
      expect(await ids(`?timestamp=${encodeURIComponent('2026-02-15T01:00:00+01:00')}`)).toEqual(['gamma', 'beta']);
      expect(await ids('?timestamp=2026-04-30T00:00:00.000Z')).toEqual(['beta']);
      const response = await t.request('/nodes?timestamp=yesterday');
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.stringContaining('timestamp') });
    });

    it('filters by supported_os / supported_accelerator; an empty list means unrestricted', async () => {
      expect(await ids('?supported_os=windows')).toEqual(['beta', 'indep', 'Alpha']);
      expect(await ids('?supported_os=LINUX')).toEqual(['gamma', 'beta', 'indep']);
      expect(await ids('?supported_accelerator=cuda')).toEqual(['beta', 'indep', 'Alpha']);
      expect(await ids('?supported_os=windows&supported_accelerator=rocm')).toEqual(['beta', 'indep']);
    });

    it('accepts unknown parameters (Manager sends comfyui_version and form_factor)', async () => {
      expect(await ids('?page=1&limit=30&comfyui_version=v0.3.40&form_factor=git-windows&latest=true&x=1')).toEqual([
        'gamma',
        'beta',
        'indep',
        'Alpha',
      ]);
    });

    it('clamps page and limit instead of failing', async () => {
      expect(await list('?limit=1000')).toMatchObject({ limit: 100, totalPages: 1 });
      const one = await list('?limit=0');
      expect(one).toMatchObject({ limit: 1, total: 4, totalPages: 4 });
      expect(one.nodes).toHaveLength(1);
      expect(await list('?limit=-3')).toMatchObject({ limit: 1 });
      expect(await list('?limit=abc&page=xyz')).toMatchObject({ limit: 10, page: 1 });
      expect(await list('?page=0')).toMatchObject({ page: 1 });
      const beyond = await list('?page=99');
      expect(beyond).toMatchObject({ page: 99, total: 4, totalPages: 1, nodes: [] });
    });
  });

  it('pages never overlap or skip, even when every sort value ties', async () => {
    const t = await createTestApp();
    try {
      const db = t.services.db;
      const publisher = await insertPublisher(db);
      const expected: string[] = [];
      for (let i = 0; i < 23; i += 1) {
        const id = `pack-${String(i).padStart(2, '0')}`;
        expected.push(id);
        await seedNode(db, { id, publisher, createdAt: day('2026-01-01'), totalInstall: i % 3 });
      }
      for (const sort of ['', '&sort=total_install;desc', '&sort=publisher_name']) {
        const seen: string[] = [];
        let totalPages = Number.POSITIVE_INFINITY;
        for (let page = 1; page <= totalPages; page += 1) {
          const response = await t.request(`/nodes?limit=5&page=${page}${sort}`);
          const body = (await response.json()) as ListBody;
          totalPages = body.totalPages;
          expect(body.total).toBe(23);
          seen.push(...body.nodes.map((n) => String(n.id)));
        }
        expect(totalPages).toBe(5);
        expect(new Set(seen).size).toBe(23);
        expect([...seen].sort()).toEqual(expected);
      }
    } finally {
      await t.close();
    }
  });
});
