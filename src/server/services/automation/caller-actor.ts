import type { AdminOrService } from '../../auth/service-token.ts';
import { userActor, type AuditActor } from '../audit/record.ts';

/**
 * The audit actor of an automation call: the admin who made it, or "system" for a service token
 * (whose name goes into the entry's `after`, see `callerLabel`).
 */
export function callerActor(caller: AdminOrService): AuditActor {
  return caller.kind === 'admin' ? userActor(caller.user) : { userId: null, kind: 'system' };
}

/** Who called, for the audit entry: `admin:<uid>` or `service:<token name>`. */
export function callerLabel(caller: AdminOrService): string {
  return caller.kind === 'admin' ? `admin:${caller.user.id}` : `service:${caller.service.name}`;
}
