import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { UserRow } from '../../db/rows.ts';
import { customers } from '../../db/schema/index.ts';
import { ApiError, notFound } from '../../errors.ts';
import { recordAudit, userActor } from '../audit/record.ts';
import { recordCustomerEvent } from './events.ts';

export type CustomerRow = typeof customers.$inferSelect;

export async function findCustomer(db: Db, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

/** The customer, else 404 (clients read a 404 as "no customer yet" and offer to create one). */
export async function getCustomerOr404(db: Db, id: string): Promise<CustomerRow> {
  const row = await findCustomer(db, id);
  if (!row) throw notFound(`No customer "${id}". Create one first with POST /customers.`);
  return row;
}

/** A customer is needed to spend credits or call vendors through us. */
export function customerRequired(): ApiError {
  return new ApiError(403, 'customer_required', 'No customer account yet: create one first with POST /customers.');
}

/**
 * The user's customer record, created on first call. Idempotent and race-safe: a second request
 * (or a concurrent one) gets `created: false` and the existing row.
 */
export async function ensureCustomer(db: Db, user: UserRow): Promise<{ customer: CustomerRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx.insert(customers).values({ id: user.id }).onConflictDoNothing().returning();
    if (!inserted) {
      const [existing] = await tx.select().from(customers).where(eq(customers.id, user.id));
      if (!existing) throw new Error('customer row vanished after insert conflict');
      return { customer: existing, created: false };
    }
    await recordCustomerEvent(tx, inserted.id, 'customer_created', {});
    await recordAudit(tx, {
      actor: userActor(user),
      action: 'customer.create',
      targetType: 'customer',
      targetId: inserted.id,
      after: inserted,
    });
    return { customer: inserted, created: true };
  });
}
