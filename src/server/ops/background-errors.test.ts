import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { backgroundErrorReporter } from './background-errors.ts';
import { createLogger } from './logger.ts';

describe('backgroundErrorReporter', () => {
  it('logs one JSON line at error level with the task and the error, secrets scrubbed from message and stack', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const report = backgroundErrorReporter(
      createLogger({ destination }),
      'search-sync',
      'search sync failed; retrying',
    );
    report(new Error('refused token nyd_pat_0123456789abcdef by upstream'));
    report('plain nyd_svc_abcdefabcdef');
    expect(lines).toHaveLength(2);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({
      level: 'error',
      component: 'search-sync',
      msg: 'search sync failed; retrying',
      error: { type: 'Error', message: 'refused token [REDACTED] by upstream' },
    });
    expect(entry.error.stack).toContain('[REDACTED]');
    expect(lines.join('')).not.toMatch(/nyd_(pat|svc)_/);
    expect(JSON.parse(lines[1]!).error).toEqual({ message: 'plain [REDACTED]' });
  });
});
