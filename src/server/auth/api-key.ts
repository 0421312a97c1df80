import type { Context } from 'hono';
import type { AppEnv } from '../app-env.ts';
import type { UserRow } from '../db/rows.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { findApiKeyOwner, touchApiKey } from '../services/customers/api-keys.ts';
import { getViewer } from './viewer.ts';

/** Who is calling a customers or proxy route, and how they proved it. */
export interface CustomerCaller {
  user: UserRow;
  via: 'firebase' | 'api_key';
  /** The key used, when via = api_key. */
  apiKeyId?: string;
}

const API_KEY_HEADER = 'x-api-key';

/**
 * The caller of a customers/proxy route: `X-API-KEY: nyd_ak_…` (a customer API key) or a Firebase
 * ID token in `Authorization: Bearer`. A presented key that is unknown or deleted is a 401 even when
 * a bearer token is present too, so a revoked key never silently "works". The key never becomes the
 * request's viewer: admin routes still need a real sign-in.
 */
export async function resolveCustomerCaller(
  c: Context<AppEnv>,
  options: { allowApiKey: boolean },
): Promise<CustomerCaller | null> {
  const presented = c.req.header(API_KEY_HEADER)?.trim();
  if (presented && options.allowApiKey) {
    const { db, clock } = c.get('services');
    const found = await findApiKeyOwner(db, presented);
    if (!found) throw unauthorized('The X-API-KEY header holds no valid API key (unknown or deleted).');
    await touchApiKey(db, found.key.id, clock.now());
    return { user: found.user, via: 'api_key', apiKeyId: found.key.id };
  }
  const viewer = await getViewer(c);
  return viewer ? { user: viewer, via: 'firebase' } : null;
}

/** A caller (ID token or API key), else 401. Banned users may still read their own account. */
export async function requireCustomerCaller(
  c: Context<AppEnv>,
  options: { allowApiKey: boolean } = { allowApiKey: true },
): Promise<CustomerCaller> {
  const caller = await resolveCustomerCaller(c, options);
  if (!caller) {
    throw unauthorized(
      options.allowApiKey
        ? 'Sign in first: send a Firebase ID token (Authorization: Bearer) or an API key (X-API-KEY).'
        : 'Sign in first: this needs a Firebase ID token (Authorization: Bearer); API keys cannot manage API keys.',
    );
  }
  return caller;
}

/** A caller who is not banned: for everything that writes or spends. */
export async function requireActiveCustomerCaller(
  c: Context<AppEnv>,
  options: { allowApiKey: boolean } = { allowApiKey: true },
): Promise<CustomerCaller> {
  const caller = await requireCustomerCaller(c, options);
  if (caller.user.status === 'UserStatusBanned') throw forbidden('Your account is banned.', 'user_banned');
  return caller;
}
