import { describe } from 'vitest';
import { moderationRows } from '#test/authz/moderation-rows.ts';
import { describeAuthzRows, useTestApp } from '#test/authz/run-matrix.ts';

// The moderation routes' rows of the authorization matrix (tests/support/authz/moderation-rows.ts).

describe('authorization: moderation', () => {
  describeAuthzRows(moderationRows, useTestApp());
});
