import { randomBytes } from 'node:crypto';
import { adminOnly, type AuthzRow } from './matrix.ts';

// THE AUTHORIZATION MATRIX of the admin area: every admin route × every role. Only an active admin
// passes; signed-in non-admins get 403 (owners of the record included), no Firebase token gets 401.

const unique = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

export const adminRows: AuthzRow[] = [
  { route: 'GET /admin/overview', request: () => ({ method: 'GET', path: '/admin/overview' }), expect: adminOnly(200) },
  { route: 'GET /admin/nodes', request: () => ({ method: 'GET', path: '/admin/nodes' }), expect: adminOnly(200) },
  {
    route: 'POST /admin/nodes',
    request: () => ({
      method: 'POST',
      path: '/admin/nodes',
      json: { repository: `https://github.com/acme/${unique('repo')}` },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'PUT /admin/nodes/{nodeId}',
    note: 'the node of the publisher the role owns',
    request: (f) => ({ method: 'PUT', path: `/admin/nodes/${f.node.id}`, json: { search_ranking: 5 } }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /admin/nodes/{nodeId}/versions/{versionNumber}',
    request: (f) => ({
      method: 'PUT',
      path: `/admin/nodes/${f.node.id}/versions/${f.version.version}`,
      json: { status: 'NodeVersionStatusFlagged', status_reason: 'check' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /admin/review-queue',
    request: () => ({ method: 'GET', path: '/admin/review-queue' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /admin/versions/batch',
    request: (f) => ({
      method: 'POST',
      path: '/admin/versions/batch',
      json: { action: 'flag', reason: 'check', version_ids: [f.version.id] },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /admin/undo',
    note: 'an entry id that does not exist: admins get 404, everyone else never gets that far',
    request: () => ({ method: 'POST', path: '/admin/undo', json: { entry_ids: [987654321] } }),
    expect: adminOnly(404),
  },
  {
    route: 'GET /admin/publishers',
    request: () => ({ method: 'GET', path: '/admin/publishers' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /publishers/{publisherId}/ban',
    request: (f) => ({ method: 'POST', path: `/publishers/${f.publisher.id}/ban` }),
    expect: adminOnly(204),
  },
  {
    route: 'POST /publishers/{publisherId}/unban',
    request: (f) => ({ method: 'POST', path: `/publishers/${f.publisher.id}/unban` }),
    expect: adminOnly(204),
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/ban',
    request: (f) => ({ method: 'POST', path: `/publishers/${f.publisher.id}/nodes/${f.node.id}/ban` }),
    expect: adminOnly(204),
  },
  {
    route: 'POST /publishers/{publisherId}/nodes/{nodeId}/unban',
    note: 'the banned-publisher case answers 409 for admins (unban the publisher first)',
    request: (f) => ({ method: 'POST', path: `/publishers/${f.publisher.id}/nodes/${f.node.id}/unban` }),
    expect: adminOnly(204),
  },
  { route: 'GET /admin/users', request: () => ({ method: 'GET', path: '/admin/users' }), expect: adminOnly(200) },
  {
    route: 'PUT /admin/users/{userId}',
    note: 'the caller’s own record, no change',
    request: (f) => ({ method: 'PUT', path: `/admin/users/${f.actor?.id ?? 'nobody'}`, json: {} }),
    expect: adminOnly(200),
  },
  {
    route: 'PUT /admin/users/{userId}',
    note: 'marks the caller a trusted reporter (their reports can quarantine packs)',
    request: (f) => ({
      method: 'PUT',
      path: `/admin/users/${f.actor?.id ?? 'nobody'}`,
      json: { isTrustedReporter: true },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /admin/nodes/{nodeId}/versions/{versionNumber}/quarantine',
    note: 'a version that is not quarantined: admins get 409 not_quarantined, everyone else never gets that far',
    request: (f) => ({
      method: 'POST',
      path: `/admin/nodes/${f.node.id}/versions/${f.version.version}/quarantine`,
      json: { decision: 'release' },
    }),
    expect: adminOnly(409),
  },
  {
    route: 'GET /admin/audit-log',
    request: () => ({ method: 'GET', path: '/admin/audit-log' }),
    expect: adminOnly(200),
  },
];
