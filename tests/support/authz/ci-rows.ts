import { randomBytes } from 'node:crypto';
import { sampleUpload } from '../../../src/server/services/ci/sample-upload.ts';
import { adminOnly, everyRole, type AuthzRow } from './matrix.ts';

// The Comfy CI routes in the authorization matrix's terms: writes need a service token or an
// admin (no publisher role counts, banned admins are refused); reads are public, whoever asks.

const uploadRule = adminOnly(200);
const hash = () => randomBytes(20).toString('hex');

export const ciRows: AuthzRow[] = [
  {
    route: 'POST /upload-artifact',
    request: () => ({ method: 'POST', path: '/upload-artifact', json: sampleUpload({ commit_hash: hash() }) }),
    expect: uploadRule,
  },
  { route: 'GET /gitcommit', request: () => ({ method: 'GET', path: '/gitcommit' }), expect: everyRole(200) },
  {
    route: 'GET /gitcommitsummary',
    request: () => ({ method: 'GET', path: '/gitcommitsummary' }),
    expect: everyRole(200),
  },
  { route: 'GET /branch', request: () => ({ method: 'GET', path: '/branch' }), expect: everyRole(200) },
  {
    route: 'GET /workflowresult/{workflowResultId}',
    note: 'unknown id: a 404 for everyone, never a 401/403',
    request: () => ({ method: 'GET', path: '/workflowresult/00000000-0000-4000-8000-000000000000' }),
    expect: everyRole(404),
  },
];
