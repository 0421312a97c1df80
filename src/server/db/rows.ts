import type * as schema from './schema/index.ts';

// Row types, named once so services and serializers agree on them.
export type UserRow = typeof schema.users.$inferSelect;
export type PublisherRow = typeof schema.publishers.$inferSelect;
export type PublisherPermissionRow = typeof schema.publisherPermissions.$inferSelect;
export type NodeRow = typeof schema.nodes.$inferSelect;
export type NodeVersionRow = typeof schema.nodeVersions.$inferSelect;
export type ComfyNodeRow = typeof schema.comfyNodes.$inferSelect;
export type TokenRow = typeof schema.personalAccessTokens.$inferSelect;
export type ArchiveRow = typeof schema.archives.$inferSelect;
