import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema/index.ts';
import { signUp, type EmulatorUser } from './firebase-emulator.ts';
import type { TestApp } from './test-app.ts';

// Accounts for the customers and vendor-proxy suites: real emulator users, made customers (or
// admins, or banned) through the API and, for the roles the API cannot grant, the database.

export interface Account extends EmulatorUser {
  /** Sends a request as this user (Firebase ID token). */
  get(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
}

function asAccount(t: TestApp, user: EmulatorUser): Account {
  return { ...user, get: (path, init = {}) => t.request(path, { ...init, token: user.idToken }) };
}

/** A signed-up user with a user row but no customer record. */
export async function signedInUser(t: TestApp, displayName = 'Test User'): Promise<Account> {
  const user = await signUp({ displayName });
  const response = await t.request('/users', { token: user.idToken });
  if (response.status !== 200) throw new Error(`GET /users answered ${response.status}`);
  return asAccount(t, user);
}

/** A user who has created their customer record (POST /customers). */
export async function customerAccount(t: TestApp, displayName = 'Customer'): Promise<Account> {
  const account = await signedInUser(t, displayName);
  const response = await account.get('/customers', { method: 'POST' });
  if (response.status !== 201) throw new Error(`POST /customers answered ${response.status}`);
  return account;
}

export async function adminAccount(t: TestApp): Promise<Account> {
  const account = await signedInUser(t, 'Admin');
  await t.services.db.update(users).set({ isAdmin: true }).where(eq(users.id, account.uid));
  return account;
}

export async function ban(t: TestApp, account: Account): Promise<void> {
  await t.services.db.update(users).set({ status: 'UserStatusBanned' }).where(eq(users.id, account.uid));
}

/** Creates an API key for the account and returns its plaintext. */
export async function createKey(account: Account, name = 'test key'): Promise<{ id: string; key: string }> {
  const response = await account.get('/customers/api-keys', { method: 'POST', json: { name } });
  if (response.status !== 201) throw new Error(`POST /customers/api-keys answered ${response.status}`);
  const body = (await response.json()) as { api_key: { id: string; plaintext_key: string } };
  return { id: body.api_key.id, key: body.api_key.plaintext_key };
}
