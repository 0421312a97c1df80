import { comfyNodes, nodes } from '../../../src/server/db/schema/index.ts';
import { adminOnly, type AuthzRow } from './matrix.ts';

// The automation and admin-credential operations of the contract, in the matrix's terms. Service
// tokens pass them too (each route's own test proves that); here, among people, only an active
// admin does: no Firebase user is 401, everyone else 403. Translations follow node editing.

const versionPath = (f: Parameters<AuthzRow['request']>[0]) => `/nodes/${f.node.id}/versions/${f.version.version}`;

export const contractOpsRows: AuthzRow[] = [
  {
    route: 'POST /admin/generate-token',
    request: () => ({ method: 'POST', path: '/admin/generate-token' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /admin/verify-api-key',
    note: 'an unknown key: admins get 404, nobody else gets that far',
    request: () => ({ method: 'POST', path: '/admin/verify-api-key', json: { api_key: 'nyd_ak_unknown' } }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /nodes/reindex',
    request: () => ({ method: 'POST', path: '/nodes/reindex' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /nodes/update-github-stars',
    note: 'no node on GitHub, so nothing leaves the machine',
    arrange: async (f) => {
      await f.t.services.db.update(nodes).set({ repository: null });
    },
    request: () => ({ method: 'POST', path: '/nodes/update-github-stars' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /nodes/{nodeId}/translations',
    note: 'the node of the publisher in the roles’ terms',
    request: (f) => ({
      method: 'POST',
      path: `/nodes/${f.node.id}/translations`,
      json: { data: { fr: { name: 'x' } } },
    }),
    expect: {
      anonymous: 401,
      stranger: 403,
      member: 201,
      owner: 201,
      admin: 201,
      bannedOwner: 403,
      bannedPublisherOwner: 403,
      foreignToken: 401,
    },
  },
  {
    route: 'POST /nodes/{nodeId}/versions/{version}/comfy-nodes',
    request: (f) => ({ method: 'POST', path: `${versionPath(f)}/comfy-nodes`, json: { nodes: { AuthzClass: {} } } }),
    expect: adminOnly(204),
  },
  {
    route: 'PUT /nodes/{nodeId}/versions/{version}/comfy-nodes/{comfyNodeName}',
    arrange: async (f) => {
      await f.t.services.db.insert(comfyNodes).values({ nodeVersionId: f.version.id, name: 'AuthzClass' });
    },
    request: (f) => ({
      method: 'PUT',
      path: `${versionPath(f)}/comfy-nodes/AuthzClass`,
      json: { category: 'checked' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /comfy-nodes/backfill',
    request: () => ({ method: 'POST', path: '/comfy-nodes/backfill' }),
    expect: adminOnly(204),
  },
];
