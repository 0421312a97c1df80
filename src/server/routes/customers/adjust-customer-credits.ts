import { createRoute, z } from '@hono/zod-openapi';
import type { App } from '../../app-env.ts';
import { requireAdmin } from '../../auth/viewer.ts';
import { adjustCredits } from '../../services/customers/ledger.ts';
import { toApiBalance } from '../../services/customers/serialize.ts';
import { bearerSecurity, errorResponses } from '../schemas.ts';
import { AdjustCreditsBody, BalanceSchema, CustomerIdParams, LedgerEntrySchema } from './schemas.ts';

const route = createRoute({
  method: 'post',
  path: '/admin/customers/{customer_id}/credits',
  operationId: 'adminAdjustCustomerCredits',
  tags: ['Admin', 'Customers'],
  summary: 'Admins: grant (positive) or deduct (negative) credits, with a reason',
  description:
    'Nodeyard addition (upstream bills through Stripe/Metronome). Appends one ledger entry in integer micros, ' +
    'audited. A deduction that would take the balance below zero is refused with 409 insufficient_balance.',
  security: bearerSecurity,
  request: {
    params: CustomerIdParams,
    body: { required: true, content: { 'application/json': { schema: AdjustCreditsBody } } },
  },
  responses: {
    201: {
      description: 'Entry appended',
      content: { 'application/json': { schema: z.object({ entry: LedgerEntrySchema, balance: BalanceSchema }) } },
    },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export function registerAdjustCustomerCredits(app: App) {
  app.openapi(route, async (c) => {
    const admin = await requireAdmin(c);
    const body = c.req.valid('json');
    const { db, clock } = c.get('services');
    const { entry, balance } = await adjustCredits(db, {
      customerId: c.req.valid('param').customer_id,
      amountMicros: body.amount_micros,
      reason: body.reason,
      actor: admin,
      now: clock.now(),
    });
    return c.json(
      {
        entry: {
          id: entry.id,
          amount_micros: entry.amountMicros,
          kind: entry.kind,
          reason: entry.reason,
          balance_after_micros: entry.balanceAfterMicros,
          created_at: entry.createdAt.toISOString(),
        },
        balance: toApiBalance(balance),
      },
      201,
    );
  });
}
