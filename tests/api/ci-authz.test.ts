import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sampleUpload } from '../../src/server/services/ci/sample-upload.ts';
import { insertServiceToken } from '#test/service-tokens.ts';
import { ciRows } from '#test/authz/ci-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The Comfy CI routes' rows of the authorization matrix (tests/support/authz/ci-rows.ts), and what
// only a service token can show.

const hash = () => randomBytes(20).toString('hex');

describe('authorization: Comfy CI', () => {
  const app = useTestApp();
  describeAuthzRows(ciRows, app);

  it('POST /upload-artifact: a live service token → 200, a revoked or unknown one → 401', async () => {
    const { token } = await insertServiceToken(app().services.db);
    const body = { method: 'POST', json: sampleUpload({ commit_hash: hash() }) };
    expect((await app().request('/upload-artifact', { ...body, token })).status).toBe(200);
    expect((await app().request('/upload-artifact', { ...body, token: `${token}x` })).status).toBe(401);
  });
});
