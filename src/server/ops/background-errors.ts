import { createLogger, scrubSecrets, type Logger } from './logger.ts';

// Background work (job worker, search sync, upload janitor) has no request to fail: its errors go
// to the redacting JSON logger, never to the console. An error's text can quote what the failing
// code saw (a URL with a signature, a token in a message), so it is scrubbed before it is written.

let shared: Logger | undefined;

/** The logger of background work built without one (LOG_LEVEL from the environment): one per process. */
export function defaultBackgroundLogger(): Logger {
  shared ??= createLogger();
  return shared;
}

/** The loggable parts of a thrown value, with secrets scrubbed. */
export function errorFields(error: unknown): { type?: string; message: string; stack?: string } {
  if (!(error instanceof Error)) return { message: scrubSecrets(String(error)) };
  return {
    type: error.name,
    message: scrubSecrets(error.message),
    ...(error.stack ? { stack: scrubSecrets(error.stack) } : {}),
  };
}

/** `onError` for a background task: logs `message` at error level with the task and the error. */
export function backgroundErrorReporter(logger: Logger, component: string, message: string) {
  return (error: unknown) => logger.error({ component, error: errorFields(error) }, message);
}
