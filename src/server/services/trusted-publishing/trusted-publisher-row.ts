import type { trustedPublishers, trustedPublishingCredentials } from '../../db/schema/index.ts';

export type TrustedPublisherRow = typeof trustedPublishers.$inferSelect;
export type TrustedCredentialRow = typeof trustedPublishingCredentials.$inferSelect;
