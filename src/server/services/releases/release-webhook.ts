import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { releaseNotes, type ReleaseProject } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { recordAudit } from '../audit/record.ts';
import { normalizeVersion } from '../versions/semver.ts';

// POST /releases: GitHub's "release" webhook turns a published ComfyUI (frontend, desktop) release
// into an English release note. Notes an admin wrote or edited are never overwritten: the webhook
// only creates notes, and only edits the ones it created itself (created_by is null).

/** The repositories whose releases become notes, lower-case full_name → project. */
export const RELEASE_REPOSITORIES: Record<string, ReleaseProject> = {
  'comfyanonymous/comfyui': 'comfyui',
  'comfy-org/comfyui': 'comfyui',
  'comfy-org/comfyui_frontend': 'comfyui_frontend',
  'comfy-org/desktop': 'desktop',
};

/** Whether `signature` (X-Hub-Signature-256: `sha256=<hex>`) is the HMAC of the exact body bytes. */
export function validSignature(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature?.startsWith('sha256=')) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex')}`);
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface ReleaseEvent {
  action: string;
  release: {
    tag_name: string;
    name?: string | null | undefined;
    body?: string | null | undefined;
    html_url?: string | undefined;
    draft: boolean;
    prerelease: boolean;
    published_at?: string | null | undefined;
  };
  repository: { full_name: string };
}

export type WebhookOutcome =
  { processed: true; action: 'created' | 'updated'; release_note_id: number } | { processed: false; reason: string };

const unprocessable = (message: string) => new ApiError(422, 'release_not_processable', message);

/** The note's markdown: the release body, or a line pointing at the release when it has none. */
function contentOf(event: ReleaseEvent): string {
  const body = event.release.body?.trim();
  if (body) return body.slice(0, 100_000);
  const title = event.release.name?.trim() || event.release.tag_name;
  return event.release.html_url ? `[${title}](${event.release.html_url})` : title;
}

export async function processReleaseEvent(
  db: Db,
  event: ReleaseEvent,
  context: { delivery: string | undefined; now: Date },
): Promise<WebhookOutcome> {
  const project = RELEASE_REPOSITORIES[event.repository.full_name.toLowerCase()];
  if (!project) throw unprocessable(`Releases of ${event.repository.full_name} are not turned into release notes.`);
  const version = normalizeVersion(event.release.tag_name);
  if (!version) throw unprocessable(`The tag "${event.release.tag_name}" is not a version.`);
  if (event.release.draft || event.release.prerelease) return { processed: false, reason: 'draft or prerelease' };
  if (!['published', 'released', 'edited'].includes(event.action)) {
    return { processed: false, reason: `action ${event.action} is not processed` };
  }
  const publishedAt = event.release.published_at ? new Date(event.release.published_at) : context.now;
  return db.transaction(async (tx) => {
    const key = and(
      eq(releaseNotes.project, project),
      eq(releaseNotes.version, version),
      eq(releaseNotes.locale, 'en'),
    );
    const [existing] = await tx.select().from(releaseNotes).where(key).for('update');
    const audit = { actor: { userId: null, kind: 'system' as const }, targetType: 'release_note' };
    if (!existing) {
      const [row] = await tx
        .insert(releaseNotes)
        .values({
          project,
          version,
          locale: 'en',
          attention: 'low',
          content: contentOf(event),
          formFactors: [],
          publishedAt,
        })
        .returning();
      await recordAudit(tx, {
        ...audit,
        action: 'release.webhook_create',
        targetId: String(row!.id),
        after: { ...row, delivery: context.delivery },
      });
      return { processed: true, action: 'created', release_note_id: row!.id };
    }
    if (existing.createdBy !== null || event.action !== 'edited') {
      return { processed: false, reason: 'a release note for this version exists already' };
    }
    const [after] = await tx
      .update(releaseNotes)
      .set({ content: contentOf(event), updatedAt: context.now })
      .where(and(eq(releaseNotes.id, existing.id), isNull(releaseNotes.createdBy)))
      .returning();
    await recordAudit(tx, {
      ...audit,
      action: 'release.webhook_update',
      targetId: String(existing.id),
      before: existing,
      after: { ...after, delivery: context.delivery },
    });
    return { processed: true, action: 'updated', release_note_id: existing.id };
  });
}
