import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL channel instances announce their writes on. */
export const CACHE_CHANNEL = 'nodeyard_response_cache';
const RECONNECT_MS = 1_000;

export interface PeerInvalidation {
  /** Tells every other instance to drop its cache (after this instance answered a write). */
  announce(): void;
  close(): Promise<void>;
}

/**
 * Instances on one PostgreSQL tell each other about writes with LISTEN/NOTIFY, so a change made
 * through one is never served stale by another for longer than a notification takes (milliseconds).
 * Node changes that come from elsewhere (jobs, imports) also reach every instance through the
 * nodes.updated_at feed. While the listening connection is down nothing can be heard, so every
 * reconnect drops the cache too.
 */
export async function listenForPeers(
  url: string,
  onPeerWrite: () => void,
  onError: (error: unknown) => void,
): Promise<PeerInvalidation> {
  const self = randomUUID();
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL && message.payload !== self) onPeerWrite();
    });
    next.on('error', (error) => {
      onError(error);
      reconnectLater(next);
    });
    next.on('end', () => reconnectLater(next));
    await next.connect();
    await next.query(`LISTEN ${CACHE_CHANNEL}`);
    client = next;
  };

  function reconnectLater(broken: pg.Client): void {
    if (closed || client !== broken) return;
    client = null;
    broken.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect(): void {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect()
        // Notifications sent while disconnected are lost: start over from an empty cache.
        .then(onPeerWrite)
        .catch((error: unknown) => {
          onError(error);
          scheduleReconnect();
        });
    }, RECONNECT_MS);
    retry.unref();
  }

  await connect();
  return {
    announce() {
      const current = client;
      if (!current) return;
      current.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, self]).catch(onError);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
