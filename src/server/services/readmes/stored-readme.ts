import { eq } from 'drizzle-orm';
import type { SignImageUrl } from '../../../lib/images/image-url.ts';
import type { Db } from '../../db/client.ts';
import { archiveReadmes } from '../../db/schema/index.ts';
import { findReadme } from './find-readme.ts';
import { MAX_MARKDOWN_CHARS, renderReadme } from './render-readme.ts';
import { repositoryBases } from './repository-urls.ts';

// A README is found in the archive, rendered and sanitised once and stored (archive_readmes), at scan
// time or by the backfill job, so a node page reads one row instead of the archive. The stored HTML
// holds for one repository and one image-URL signer; either changing renders again from the stored
// markdown (never from the archive).

/** What a stored README row needs to render: the markdown and what the HTML depends on. */
export interface ReadmeRenderContext {
  repository: string | null;
  sign: SignImageUrl;
}

/**
 * A fingerprint of the image-URL signer: the signature of a fixed text. Equal fingerprints sign every
 * URL alike, so stored image sources stay valid; it reveals nothing of the secret.
 */
export function signerFingerprint(sign: SignImageUrl): string {
  let fingerprint = fingerprints.get(sign);
  if (fingerprint === undefined) {
    fingerprint = sign('nodeyard stored readme', 0, 'inside');
    fingerprints.set(sign, fingerprint);
  }
  return fingerprint;
}

// One HMAC per signer, not one per node page: a signer is a fixed function of its secret for its lifetime.
const fingerprints = new WeakMap<SignImageUrl, string>();

/** The README markdown of a pack archive (cut to what is rendered), or null when it has none. */
export function extractReadme(zip: Uint8Array): string | null {
  const found = findReadme(zip);
  if (!found) return null;
  return found.markdown.length > MAX_MARKDOWN_CHARS ? found.markdown.slice(0, MAX_MARKDOWN_CHARS) : found.markdown;
}

/** Sanitised HTML of a README for a repository, or null when there is nothing to show. */
export function renderStoredReadme(markdown: string | null, context: ReadmeRenderContext): string | null {
  if (markdown === null) return null;
  const html = renderReadme(markdown, repositoryBases(context.repository), context.sign);
  return html === '' ? null : html;
}

/** Renders and stores (or replaces) the README of one archive; returns the HTML. */
export async function storeArchiveReadme(
  db: Db,
  archiveId: string,
  markdown: string | null,
  context: ReadmeRenderContext,
  now: Date,
): Promise<string | null> {
  const html = renderStoredReadme(markdown, context);
  const row = {
    markdown,
    html,
    repository: context.repository ?? '',
    signer: signerFingerprint(context.sign),
    updatedAt: now,
  };
  await db
    .insert(archiveReadmes)
    .values({ archiveId, ...row })
    .onConflictDoUpdate({ target: archiveReadmes.archiveId, set: row });
  return html;
}

/** The columns of a stored README row (node-page-head.ts selects them beside the latest version). */
export const storedReadmeColumns = {
  archiveId: archiveReadmes.archiveId,
  markdown: archiveReadmes.markdown,
  html: archiveReadmes.html,
  repository: archiveReadmes.repository,
  signer: archiveReadmes.signer,
};

export interface StoredReadme {
  archiveId: string;
  markdown: string | null;
  html: string | null;
  repository: string;
  signer: string;
}

/** The stored row of an archive's README, or undefined when none was stored yet. */
export async function findStoredReadme(db: Db, archiveId: string): Promise<StoredReadme | undefined> {
  const [row] = await db
    .select(storedReadmeColumns)
    .from(archiveReadmes)
    .where(eq(archiveReadmes.archiveId, archiveId))
    .limit(1);
  return row;
}

/** Whether a stored row's HTML was rendered for this repository and signer (else render it again). */
export function storedHtmlFits(row: { repository: string; signer: string }, context: ReadmeRenderContext): boolean {
  return row.repository === (context.repository ?? '') && row.signer === signerFingerprint(context.sign);
}
