// The config travels as a small inline JSON element (not an island prop), so every island, including
// ones rendered by other features, can sign in without being handed it.
import type { FirebaseClientConfig } from './config.ts';

export const FIREBASE_CONFIG_ELEMENT_ID = 'nodeyard-firebase-config';

/** JSON safe to place inside <script type="application/json"> (no "</script>" break-out). */
export function serializeFirebaseConfig(config: FirebaseClientConfig): string {
  return JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function isConfig(value: unknown): value is FirebaseClientConfig {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['apiKey'] === 'string' &&
    typeof record['authDomain'] === 'string' &&
    typeof record['projectId'] === 'string' &&
    (record['emulatorUrl'] === null || typeof record['emulatorUrl'] === 'string')
  );
}

/** Reads the config the server rendered into the page; null when the page has none. */
export function readFirebaseConfig(doc: Pick<Document, 'getElementById'> | undefined = globalThis.document) {
  const text = doc?.getElementById(FIREBASE_CONFIG_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return isConfig(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
