import { pgEnum } from 'drizzle-orm/pg-core';

// Enum values are spelled exactly as the API contract spells them, so rows map to responses 1:1.
export const nodeStatus = pgEnum('node_status', ['NodeStatusActive', 'NodeStatusDeleted', 'NodeStatusBanned']);
export const nodeVersionStatus = pgEnum('node_version_status', [
  'NodeVersionStatusActive',
  'NodeVersionStatusDeleted',
  'NodeVersionStatusBanned',
  'NodeVersionStatusPending',
  'NodeVersionStatusFlagged',
]);
export const publisherStatus = pgEnum('publisher_status', ['PublisherStatusActive', 'PublisherStatusBanned']);
export const userStatus = pgEnum('user_status', ['UserStatusActive', 'UserStatusBanned']);
export const publisherRole = pgEnum('publisher_role', ['owner', 'member']);
export const jobStatus = pgEnum('job_status', ['queued', 'running', 'succeeded', 'failed']);

export type NodeStatus = (typeof nodeStatus.enumValues)[number];
export type NodeVersionStatus = (typeof nodeVersionStatus.enumValues)[number];
export type PublisherStatus = (typeof publisherStatus.enumValues)[number];
export type PublisherRole = (typeof publisherRole.enumValues)[number];
