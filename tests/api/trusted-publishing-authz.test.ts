import { describe } from 'vitest';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';
import { trustedPublishingRows } from '#test/authz/trusted-publishing-rows.ts';

// Trusted publishing's rows of the authorization matrix (tests/support/authz/trusted-publishing-rows.ts).

describe('authorization: trusted publishing', () => {
  const app = useTestApp();
  describeAuthzRows(trustedPublishingRows, app);
});
