// The Firebase Auth emulator signs nothing: anyone who can reach it can mint an ID token for any
// e-mail, and a server pointed at it accepts such tokens. That is fine on a developer's machine and
// nowhere else, so the emulator is refused when the server is reachable from other machines (a
// non-loopback HOST) or runs as production (NODE_ENV=production, e.g. the Docker image).

export interface AuthEmulatorGuardSettings {
  HOST?: string | undefined;
  NODE_ENV?: string | undefined;
}

const HOW_TO_CONFIGURE =
  'Configure a real Firebase project instead: set FIREBASE_PROJECT_ID (not "demo-…"), FIREBASE_API_KEY and ' +
  'FIREBASE_AUTH_DOMAIN from Firebase console → Project settings → Your apps, and unset ' +
  'FIREBASE_AUTH_EMULATOR_HOST (docs/operations.md §8).';

/** Whether a listening address is reachable from this machine only. */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** Why the auth emulator may not be used with these settings, or null when it may. */
export function authEmulatorRefusal(settings: AuthEmulatorGuardSettings): string | null {
  const host = settings.HOST ?? '127.0.0.1';
  if (settings.NODE_ENV === 'production') {
    return `The Firebase Auth emulator is refused with NODE_ENV=production: its unsigned tokens would let anyone sign in as anyone. ${HOW_TO_CONFIGURE}`;
  }
  if (!isLoopbackHost(host)) {
    return (
      `The Firebase Auth emulator is refused while the server listens on ${host}, which other machines can reach: ` +
      `its unsigned tokens would let anyone sign in as anyone. Listen on 127.0.0.1 (HOST) for local development, ` +
      `or: ${HOW_TO_CONFIGURE}`
    );
  }
  return null;
}
