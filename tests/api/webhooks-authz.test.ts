import { describe } from 'vitest';
import { webhookRows } from '../support/authz/webhook-rows.ts';
import { describeAuthzRows, useTestApp } from '../support/authz/run-matrix.ts';

// Webhook endpoints' rows of the authorization matrix (tests/support/authz/webhook-rows.ts).

describe('authorization: webhooks', () => {
  const app = useTestApp();
  describeAuthzRows(webhookRows, app);
});
