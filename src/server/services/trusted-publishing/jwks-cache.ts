import { createLocalJWKSet, errors, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';

/*
 * The issuers' signing keys, fetched over HTTP and kept for a while. An issuer rotates keys by
 * publishing the new one and signing with it: a token whose `kid` we do not know makes us fetch the
 * document again once, at most once per cooldown per issuer, so a stream of made-up kids cannot turn
 * us into a load generator against the issuer. Ages come from the injected clock.
 */

const MAX_AGE_MS = 10 * 60 * 1000;
const REFETCH_COOLDOWN_MS = 30 * 1000;
const FETCH_TIMEOUT_MS = 5000;
const MAX_DOCUMENT_BYTES = 256 * 1024;

interface Entry {
  keys: JSONWebKeySet;
  fetchedAt: number;
}

export class JwksCache {
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry>>();

  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  /** A jose key resolver for one JWKS URL: cached keys, one refetch for an unknown kid. */
  resolver(jwksUrl: string): JWTVerifyGetKey {
    return async (header, token) => {
      const entry = await this.current(jwksUrl);
      try {
        return await createLocalJWKSet(entry.keys)(header, token);
      } catch (error) {
        const unknownKey = error instanceof errors.JWKSNoMatchingKey;
        if (!unknownKey || this.clock.now().getTime() - entry.fetchedAt < REFETCH_COOLDOWN_MS) throw error;
        const fresh = await this.fetchOnce(jwksUrl);
        return createLocalJWKSet(fresh.keys)(header, token);
      }
    };
  }

  private async current(jwksUrl: string): Promise<Entry> {
    const cached = this.entries.get(jwksUrl);
    if (cached && this.clock.now().getTime() - cached.fetchedAt < MAX_AGE_MS) return cached;
    return this.fetchOnce(jwksUrl);
  }

  /** One fetch per URL at a time: concurrent exchanges share it. */
  private fetchOnce(jwksUrl: string): Promise<Entry> {
    const running = this.inFlight.get(jwksUrl);
    if (running) return running;
    const started = fetchKeySet(jwksUrl)
      .then((keys) => {
        const entry = { keys, fetchedAt: this.clock.now().getTime() };
        this.entries.set(jwksUrl, entry);
        return entry;
      })
      .finally(() => this.inFlight.delete(jwksUrl));
    this.inFlight.set(jwksUrl, started);
    return started;
  }
}

const unavailable = () =>
  new ApiError(
    503,
    'oidc_issuer_unavailable',
    "The issuer's signing keys could not be fetched just now; try again in a minute.",
  );

async function fetchKeySet(jwksUrl: string): Promise<JSONWebKeySet> {
  let body: string;
  try {
    const response = await fetch(jwksUrl, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw unavailable();
    body = await response.text();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw unavailable();
  }
  if (body.length > MAX_DOCUMENT_BYTES) throw unavailable();
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object' && Array.isArray((parsed as JSONWebKeySet).keys)) {
      return parsed as JSONWebKeySet;
    }
  } catch {
    // fall through: not JSON
  }
  throw unavailable();
}
