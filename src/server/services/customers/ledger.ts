import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { creditLedger, customers } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { recordCustomerEvent } from './events.ts';

export type LedgerRow = typeof creditLedger.$inferSelect;

/** The largest single adjustment: $1,000,000, far below 2^53 micros so sums stay exact numbers. */
export const MAX_ADJUSTMENT_MICROS = 1_000_000_000_000;

/** The balance in micros: the sum of the customer's ledger. */
export async function balanceMicros(db: Db, customerId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string | null>`coalesce(sum(${creditLedger.amountMicros}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.customerId, customerId));
  return Number(row?.total ?? 0);
}

export interface Adjustment {
  customerId: string;
  /** Signed integer micros: positive grants credit, negative takes it away. */
  amountMicros: number;
  reason: string;
  actor: UserRow;
  /** The app's clock reading (services.clock), stamped as the customer's updated_at. */
  now: Date;
}

/**
 * Appends one grant (positive) or deduction (negative) entry. The customer row is locked first
 * (`FOR UPDATE`), so concurrent adjustments of one customer run one after the other: none is lost,
 * and a deduction is refused (409) when it would take the balance below zero.
 */
export async function adjustCredits(db: Db, adjustment: Adjustment): Promise<{ entry: LedgerRow; balance: number }> {
  const { customerId, amountMicros, reason, actor, now } = adjustment;
  if (!Number.isSafeInteger(amountMicros) || amountMicros === 0 || Math.abs(amountMicros) > MAX_ADJUSTMENT_MICROS) {
    throw new ApiError(400, 'invalid_amount', 'amount_micros must be a non-zero integer within ±1e12.');
  }
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(customers).where(eq(customers.id, customerId)).for('update');
    if (!locked) throw notFound(`No customer "${customerId}".`);
    const before = await balanceMicros(tx, customerId);
    const after = before + amountMicros;
    if (after < 0) {
      throw new ApiError(
        409,
        'insufficient_balance',
        `Cannot deduct ${-amountMicros} micros: the balance is only ${before} micros.`,
      );
    }
    const kind = amountMicros > 0 ? 'grant' : 'deduct';
    const [entry] = await tx
      .insert(creditLedger)
      .values({ customerId, amountMicros, kind, reason, actorUserId: actor.id, balanceAfterMicros: after })
      .returning();
    await tx.update(customers).set({ updatedAt: now }).where(eq(customers.id, customerId));
    await recordCustomerEvent(tx, customerId, amountMicros > 0 ? 'credit_granted' : 'credit_deducted', {
      amount_micros: amountMicros,
      balance_micros: after,
      reason,
      ledger_entry_id: entry!.id,
    });
    await recordAudit(tx, {
      actor: userActor(actor),
      action: `customer.credit.${kind}`,
      targetType: 'customer',
      targetId: customerId,
      before: { balance_micros: before },
      after: { balance_micros: after, amount_micros: amountMicros, reason, ledger_entry_id: entry!.id },
    });
    return { entry: entry!, balance: after };
  });
}
