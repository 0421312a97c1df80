import { describe } from 'vitest';
import { versionStatusRows } from '#test/authz/version-status-rows.ts';
import { webhookRows } from '#test/authz/webhook-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The authorization matrix rows of issue 28's publisher-facing reads and writes: webhook endpoints
// (tests/support/authz/webhook-rows.ts) and the version verdict CI polls (version-status-rows.ts).

describe('authorization: webhooks and version verdicts', () => {
  const app = useTestApp();
  describeAuthzRows(webhookRows, app);
  describeAuthzRows(versionStatusRows, app);
});
