import pino, { type DestinationStream, type Logger } from 'pino';

// Structured JSON logs (one object per line) for log shippers. Anything that could carry a secret
// is redacted by path before it is written, so a careless `log.info({ headers })` cannot leak a
// bearer token, an API key or a cookie.
export const REDACTED_PATHS = [
  'authorization',
  'cookie',
  'token',
  'password',
  'apiKey',
  'secret',
  '*.authorization',
  '*.cookie',
  '*.token',
  '*.password',
  '*.apiKey',
  '*.secret',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-api-key"]',
  '*.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  'headers["set-cookie"]',
];

/** Tokens that look like ours or like JWTs, wherever they appear inside a logged string. */
const SECRET_PATTERN = /\b(nyd_(?:pat|svc|ak)_[\w-]+|eyJ[\w-]+\.[\w-]+\.[\w-]*)/g;

export function scrubSecrets(text: string): string {
  return text.replace(SECRET_PATTERN, '[REDACTED]');
}

export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? process.env['LOG_LEVEL'] ?? 'info',
      base: { service: 'nodeyard' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    options.destination,
  );
}

export type { Logger };
