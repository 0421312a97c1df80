import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { UserRow } from '../db/rows.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { findServiceByToken, type ServiceIdentity } from '../services/service-tokens/service-tokens.ts';
import { bearerToken, requireAdmin } from './viewer.ts';

export type AdminOrService = { kind: 'admin'; user: UserRow } | { kind: 'service'; service: ServiceIdentity };

/** The service behind `Authorization: Bearer nyd_svc_…`, else 401 (no token) or 403 (unknown/revoked). */
export async function requireService(c: Context<AppEnv>): Promise<ServiceIdentity> {
  const token = bearerToken(c);
  if (!token) throw unauthorized();
  const service = await findServiceByToken(c.get('services').db, token);
  if (!service) throw forbidden('This needs a valid service token.', 'service_token_required');
  return service;
}

/** An admin (Firebase ID token) or a service token: for automation endpoints people may also trigger. */
export async function requireAdminOrService(c: Context<AppEnv>): Promise<AdminOrService> {
  const token = bearerToken(c);
  const service = token ? await findServiceByToken(c.get('services').db, token) : null;
  if (service) return { kind: 'service', service };
  return { kind: 'admin', user: await requireAdmin(c) };
}
