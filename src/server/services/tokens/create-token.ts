import type { Db } from '../../db/client.ts';
import type { PublisherRow, TokenRow, UserRow } from '../../db/rows.ts';
import { personalAccessTokens } from '../../db/schema/index.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { emitWebhookEvent } from '../webhooks/emit-event.ts';
import { generateToken } from './token-format.ts';
import { tokenAuditView } from './token-view.ts';

export interface CreateTokenInput {
  name: string;
  description?: string | undefined;
  expiresInDays?: number | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mints a personal access token. Only its hash and display prefix are stored; the plaintext is
 * returned here once and can never be read again.
 */
export async function createToken(
  db: Db,
  actor: UserRow,
  publisher: PublisherRow,
  input: CreateTokenInput,
  now: Date,
): Promise<{ row: TokenRow; token: string }> {
  const { token, hash, displayPrefix } = generateToken();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(personalAccessTokens)
      .values({
        publisherId: publisher.id,
        name: input.name,
        description: input.description ?? '',
        tokenHash: hash,
        displayPrefix,
        createdBy: actor.id,
        expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * DAY_MS) : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, {
      actor: userActor(actor),
      action: 'token.create',
      targetType: 'personal_access_token',
      targetId: created!.id,
      after: tokenAuditView(created!),
    });
    // A new publishing credential is news its owners want to hear of (a leak shows up here first).
    await emitWebhookEvent(tx, {
      publisherId: publisher.id,
      type: 'token.created',
      data: {
        token_id: created!.id,
        name: created!.name,
        display_prefix: created!.displayPrefix,
        created_by: actor.id,
        expires_at: created!.expiresAt?.toISOString() ?? null,
      },
    });
    return created!;
  });
  return { row, token };
}
