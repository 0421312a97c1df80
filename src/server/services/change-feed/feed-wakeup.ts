import pg from 'pg';

/** The channel the change feed's triggers notify on at commit (migration 0016). */
export const CHANGE_FEED_CHANNEL = 'nodeyard_change_feed';
const RECONNECT_MS = 1_000;

/**
 * Instances on one PostgreSQL learn of a committed change within milliseconds: the feed's triggers
 * send a NOTIFY, and this connection LISTENs and wakes the follower, which then reads the rows after
 * its cursor. A notification carries nothing to act on, so one lost while reconnecting only delays
 * until the next poll; every reconnect wakes the follower once anyway. Returns the close function.
 */
export async function wakeOnFeedNotifications(
  url: string,
  wake: () => void,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === CHANGE_FEED_CHANNEL) wake();
    });
    next.on('error', (error) => {
      onError(error);
      reconnectLater(next);
    });
    next.on('end', () => reconnectLater(next));
    await next.connect();
    await next.query(`LISTEN ${CHANGE_FEED_CHANNEL}`);
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
        .then(wake)
        .catch((error: unknown) => {
          onError(error);
          scheduleReconnect();
        });
    }, RECONNECT_MS);
    retry.unref();
  }

  await connect();
  return async () => {
    closed = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}
