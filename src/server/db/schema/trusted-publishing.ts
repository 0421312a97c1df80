import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { nodeVersions } from './node-versions.ts';
import { publishers } from './publishers.ts';
import { users } from './users.ts';

// Trusted publishing (docs/publishing.md): a CI job proves who it is with its OIDC identity token and
// gets a short-lived publish credential for the nodes whose owners registered that job.

/**
 * "This CI workflow may publish this node." `nodeId` need not exist yet (a pending publisher, as on
 * PyPI): it is scoped to `publisherId`, so the first trusted publish creates the node there. Claims
 * are compared case-insensitively where GitHub treats them so (owner/repo, environment).
 */
export const trustedPublishers = pgTable(
  'trusted_publishers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    publisherId: text('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').notNull(),
    /** The token's `iss`; one of the configured issuers (services/trusted-publishing/issuers.ts). */
    issuer: text('issuer').notNull(),
    /** `owner/repo` as the owner typed it. */
    repository: text('repository').notNull(),
    /**
     * The immutable ids behind `repository` (`repository_id`, `repository_owner_id` claims): given at
     * registration or recorded at the first exchange, so a deleted and re-created repository of the same
     * name (someone else's) no longer matches.
     */
    repositoryId: text('repository_id'),
    repositoryOwnerId: text('repository_owner_id'),
    /** The workflow file name, e.g. `publish.yml` (from the `workflow_ref` claim). */
    workflow: text('workflow').notNull(),
    /** When set, the job must run in this deployment environment (`environment` claim). */
    environment: text('environment'),
    /** When set, the `ref` claim must match this glob, e.g. `refs/tags/v*`. */
    refPattern: text('ref_pattern'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    index('trusted_publishers_publisher_idx').on(t.publisherId),
    index('trusted_publishers_issuer_idx').on(t.issuer),
  ],
);

/**
 * A publish credential handed out for one verified OIDC token. Only a sha256 of the secret is kept.
 * The row also is the replay guard: (issuer, jti) is unique and the row stays until both the
 * credential and the OIDC token have expired, so the same OIDC token is never exchanged twice.
 */
export const trustedPublishingCredentials = pgTable(
  'trusted_publishing_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    secretHash: text('secret_hash').notNull().unique(),
    displayPrefix: text('display_prefix').notNull(),
    /** The registrations the token matched: it may publish exactly their nodes while they exist. */
    trustedPublisherIds: uuid('trusted_publisher_ids').array().notNull(),
    issuer: text('issuer').notNull(),
    jti: text('jti').notNull(),
    /** Where the publish comes from (repository, sha, ref, workflow_ref, run_id…), from the verified claims. */
    claims: jsonb('claims').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    oidcExpiresAt: timestamp('oidc_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('trusted_publishing_credentials_jti_key').on(t.issuer, t.jti),
    index('trusted_publishing_credentials_expiry_idx').on(t.oidcExpiresAt),
  ],
);

/**
 * Where a version published through trusted publishing came from, copied from the verified identity
 * token at publish time (issue 28.6). GET /nodes/{id}/versions/{v}/provenance signs a statement
 * binding these to the archive's sha256. Versions published otherwise have no row.
 */
export const versionProvenance = pgTable('version_provenance', {
  nodeVersionId: uuid('node_version_id')
    .primaryKey()
    .references(() => nodeVersions.id, { onDelete: 'cascade' }),
  trustedPublisherId: uuid('trusted_publisher_id').references(() => trustedPublishers.id, { onDelete: 'set null' }),
  issuer: text('issuer').notNull(),
  repository: text('repository').notNull(),
  repositoryId: text('repository_id'),
  /** The commit the workflow ran on (`sha` claim). */
  commitSha: text('commit_sha'),
  ref: text('ref'),
  workflowRef: text('workflow_ref').notNull(),
  environment: text('environment'),
  runId: text('run_id'),
  runAttempt: text('run_attempt'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
