// At most `concurrency` image decodes at a time; a few more may wait, briefly. Decoding a large
// picture costs up to a second of CPU (sharp runs it on libuv's thread pool, off the event loop,
// but the cores are shared with page rendering): without a bound, a burst of image requests makes
// every page wait. Past the queue, or past the wait, the caller is told "busy" at once (503) and
// the browser shows the letter avatar; the work is not done late for nobody.

export class DecodeBusy extends Error {
  constructor() {
    super('every image decoder is busy');
  }
}

export interface DecodeGateOptions {
  /** Decodes at once. */
  concurrency: number;
  /** Decodes that may wait for a turn. */
  maxWaiting: number;
  /** Longest wait for a turn, in milliseconds. */
  maxWaitMs: number;
}

interface Waiter {
  start(): void;
  timer: NodeJS.Timeout;
}

export function createDecodeGate(options: DecodeGateOptions) {
  let active = 0;
  const waiting: Waiter[] = [];

  const release = () => {
    active--;
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start();
    }
  };

  const turn = (): Promise<void> => {
    if (active < options.concurrency) {
      active++;
      return Promise.resolve();
    }
    if (waiting.length >= options.maxWaiting) return Promise.reject(new DecodeBusy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: () => {
          active++;
          resolve();
        },
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new DecodeBusy());
        }, options.maxWaitMs),
      };
      waiting.push(waiter);
    });
  };

  return {
    /** Runs `work` in its turn; rejects with DecodeBusy when no turn comes in time. */
    async run<T>(work: () => Promise<T>): Promise<T> {
      await turn();
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length }),
  };
}

export type DecodeGate = ReturnType<typeof createDecodeGate>;
