import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubSecrets } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', destination }) };
}

describe('logger', () => {
  it('writes one JSON object per line with level and message', () => {
    const { lines, logger } = capture();
    logger.info({ requestId: 'r-1' }, 'hello');
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'info', msg: 'hello', requestId: 'r-1', service: 'nodeyard' });
  });

  it('redacts tokens, keys, Authorization headers and cookies', () => {
    const { lines, logger } = capture();
    logger.info({
      headers: {
        authorization: 'Bearer eyJx.eyJy.z',
        cookie: 'session=abc',
        'x-api-key': 'nyd_ak_123',
        accept: 'json',
      },
      token: 'nyd_pat_secret',
      request: { headers: { authorization: 'Bearer nyd_pat_two' } },
      body: { password: 'hunter2', apiKey: 'k' },
    });
    const text = lines.join('');
    for (const secret of ['eyJx', 'session=abc', 'nyd_ak_123', 'nyd_pat_secret', 'nyd_pat_two', 'hunter2']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('"accept":"json"');
    expect(text).toContain('[REDACTED]');
  });

  it('scrubs token-shaped strings inside free text', () => {
    expect(scrubSecrets('failed for nyd_svc_abc-123 and eyJhbGc.eyJzdWIi.sig')).toBe(
      'failed for [REDACTED] and [REDACTED]',
    );
  });
});
