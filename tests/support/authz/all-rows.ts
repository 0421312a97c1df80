import { adminRows } from './admin-rows.ts';
import { advisoryRows } from './advisory-rows.ts';
import { banAppealRows } from './ban-appeal-rows.ts';
import { ciRows } from './ci-rows.ts';
import { contractOpsRows } from './contract-ops-rows.ts';
import { customerRows } from './customer-rows.ts';
import type { AuthzRow } from './matrix.ts';
import { moderationRows } from './moderation-rows.ts';
import { nodeRows } from './node-rows.ts';
import { publisherRows } from './publisher-rows.ts';
import { releaseRows } from './release-rows.ts';
import { reportRows } from './report-rows.ts';
import { versionStatusRows } from './version-status-rows.ts';
import { webhookRows } from './webhook-rows.ts';
import { trustedPublishingRows } from './trusted-publishing-rows.ts';

/** Every row of the authorization matrix, whichever test file runs it (the coverage test reads this). */
export const ALL_ROWS: readonly AuthzRow[] = [
  ...publisherRows,
  ...nodeRows,
  ...adminRows,
  ...advisoryRows,
  ...ciRows,
  ...moderationRows,
  ...releaseRows,
  ...contractOpsRows,
  ...reportRows,
  ...customerRows,
  ...banAppealRows,
  ...webhookRows,
  ...versionStatusRows,
  ...trustedPublishingRows,
];
