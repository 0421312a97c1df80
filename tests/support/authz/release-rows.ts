import { createRelease } from '../../../src/server/services/releases/write-release.ts';
import { insertUser } from '../factories.ts';
import { adminOnly, everyRole, type AuthzFixture, type AuthzRow } from './matrix.ts';

// Release notes in the authorization matrix's terms: only an active admin writes (no publisher
// role counts, a banned admin is refused, a token is not an admin); anyone reads.

let versionCounter = 0;
export const nextVersion = () => `3.0.${(versionCounter += 1)}`;
const noteIds = new WeakMap<AuthzFixture, number>();

async function arrangeNote(f: AuthzFixture) {
  const author = await insertUser(f.t.services.db, { isAdmin: true });
  const row = await createRelease(f.t.services.db, author, {
    project: 'comfyui',
    version: nextVersion(),
    locale: 'en',
    attention: 'low',
    content: 'x',
    formFactors: [],
    publishedAt: new Date(),
  });
  noteIds.set(f, row.id);
}

export const releaseRows: AuthzRow[] = [
  {
    route: 'POST /admin/releases',
    request: () => ({
      method: 'POST',
      path: '/admin/releases',
      json: { project: 'comfyui', version: nextVersion(), content: 'x' },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'PUT /admin/releases/{releaseId}',
    arrange: arrangeNote,
    request: (f) => ({ method: 'PUT', path: `/admin/releases/${noteIds.get(f)}`, json: { content: 'y' } }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /admin/releases/{releaseId}',
    arrange: arrangeNote,
    request: (f) => ({ method: 'DELETE', path: `/admin/releases/${noteIds.get(f)}` }),
    expect: adminOnly(204),
  },
  {
    route: 'GET /releases',
    request: () => ({ method: 'GET', path: '/releases?project=comfyui' }),
    expect: everyRole(200),
  },
];
