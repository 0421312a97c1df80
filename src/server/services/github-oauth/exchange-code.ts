import { withSlash } from './authorize-url.ts';

export type CodeExchange =
  { ok: true; accessToken: string } | { ok: false; reason: 'invalid_code' | 'rejected' | 'unavailable' };

interface TokenBody {
  access_token?: unknown;
  error?: unknown;
}

/**
 * Maps GitHub's answer to the code exchange. GitHub reports most failures as 200 with an `error`
 * field; `bad_verification_code` means the code is wrong, expired or already used (the user's side),
 * anything else (bad client secret, redirect mismatch) is our configuration.
 */
export function interpretTokenResponse(status: number, body: unknown): CodeExchange {
  const parsed = (body ?? {}) as TokenBody;
  if (status === 200 && typeof parsed.access_token === 'string' && parsed.access_token) {
    return { ok: true, accessToken: parsed.access_token };
  }
  if (parsed.error === 'bad_verification_code') return { ok: false, reason: 'invalid_code' };
  if (status >= 500 || status === 429) return { ok: false, reason: 'unavailable' };
  return { ok: false, reason: 'rejected' };
}

export interface ExchangeInput {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  redirectUri: string;
  timeoutMs?: number;
}

/** Trades the one-time OAuth code for an access token, server-side (the secret never leaves us). */
export async function exchangeCode(input: ExchangeInput): Promise<CodeExchange> {
  let response: Response;
  try {
    response = await fetch(new URL('login/oauth/access_token', withSlash(input.baseUrl)), {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', 'user-agent': 'Nodeyard-registry' },
      body: JSON.stringify({
        client_id: input.clientId,
        client_secret: input.clientSecret,
        code: input.code,
        redirect_uri: input.redirectUri,
      }),
      signal: AbortSignal.timeout(input.timeoutMs ?? 10_000),
    });
  } catch {
    return { ok: false, reason: 'unavailable' };
  }
  const body: unknown = await response.json().catch(() => null);
  return interpretTokenResponse(response.status, body);
}
