import { createServiceToken } from '../../../src/server/services/service-tokens/service-tokens.ts';
import { sampleUpload } from '../../../src/server/services/ci/sample-upload.ts';
import type { TestApp } from '../test-app.ts';

/** Uploads results through the real route with a fresh service token (for the CI read tests). */
export async function ciUploader(t: TestApp) {
  const { token } = await createServiceToken(t.services.db, `ci-reads-${Math.random().toString(36).slice(2, 10)}`);
  return async (overrides: Record<string, unknown>) => {
    const response = await t.request('/upload-artifact', { method: 'POST', token, json: sampleUpload(overrides) });
    if (response.status !== 200) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  };
}
