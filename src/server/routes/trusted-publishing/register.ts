import type { App } from '../../app-env.ts';
import { registerCreateTrustedPublisher } from './create-trusted-publisher.ts';
import { registerDeleteTrustedPublisher } from './delete-trusted-publisher.ts';
import { registerExchangeOidcToken } from './exchange-oidc-token.ts';
import { registerGetVersionProvenance } from './get-version-provenance.ts';
import { registerListTrustedPublishers } from './list-trusted-publishers.ts';
import { registerSetNodeTrustedPublishing } from './set-node-trusted-publishing.ts';

/** Trusted publishing (issue 28): registrations, the CI-only switch, the OIDC exchange and provenance. */
export function registerTrustedPublishingRoutes(app: App) {
  registerListTrustedPublishers(app);
  registerCreateTrustedPublisher(app);
  registerDeleteTrustedPublisher(app);
  registerSetNodeTrustedPublishing(app);
  registerExchangeOidcToken(app);
  registerGetVersionProvenance(app);
}
