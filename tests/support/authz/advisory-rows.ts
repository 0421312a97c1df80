import { adminOnly, type AuthzRow } from './matrix.ts';

// THE AUTHORIZATION MATRIX of the advisory admin routes (routes/advisories/): only an active admin
// passes; signed-in non-admins get 403 (owners of the pack named included), no Firebase token gets 401.
// The public feed (GET /advisories…, POST /advisories/query) declares no security and is not here.

const advisoryBody = (packId: string) => ({
  summary: 'Matrix advisory',
  severity: 'LOW',
  kind: 'vulnerability',
  affected: [{ ecosystem: 'Nodeyard', package: packId, versions: ['1.0.0'] }],
});

export const advisoryRows: AuthzRow[] = [
  {
    route: 'POST /admin/advisories',
    note: 'an advisory about the pack the role owns',
    request: (f) => ({ method: 'POST', path: '/admin/advisories', json: advisoryBody(f.node.id) }),
    expect: adminOnly(201),
  },
  {
    route: 'PUT /admin/advisories/{advisoryId}',
    note: 'an id never handed out: admins get 404, everyone else never gets that far',
    request: (f) => ({ method: 'PUT', path: '/admin/advisories/NYSA-1999-0001', json: advisoryBody(f.node.id) }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /admin/advisories/{advisoryId}/withdraw',
    note: 'an id never handed out: admins get 404',
    request: () => ({ method: 'POST', path: '/admin/advisories/NYSA-1999-0001/withdraw' }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /admin/advisories/from-ban',
    note: 'the pack is not banned: admins get 409 advisory_needs_ban',
    request: (f) => ({ method: 'GET', path: `/admin/advisories/from-ban?node_id=${f.node.id}` }),
    expect: adminOnly(409),
  },
  {
    route: 'POST /admin/advisories/from-ban',
    note: 'the pack is not banned: admins get 409 advisory_needs_ban',
    request: (f) => ({ method: 'POST', path: '/admin/advisories/from-ban', json: { node_id: f.node.id } }),
    expect: adminOnly(409),
  },
];
