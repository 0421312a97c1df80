import { describe, expect, it } from 'vitest';
import { insertServiceToken } from '#test/service-tokens.ts';
import { nextVersion, releaseRows } from '#test/authz/release-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// Release notes' rows of the authorization matrix (tests/support/authz/release-rows.ts), and what
// only a service token can show.

describe('authorization: release notes', () => {
  const app = useTestApp();
  describeAuthzRows(releaseRows, app);

  it('a service token is not an admin: 401 on every release write', async () => {
    const { token } = await insertServiceToken(app().services.db);
    const response = await app().request('/admin/releases', {
      method: 'POST',
      token,
      json: { project: 'comfyui', version: nextVersion(), content: 'x' },
    });
    expect(response.status).toBe(401);
  });
});
