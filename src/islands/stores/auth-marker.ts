// A tiny "maybe signed in" marker in localStorage (the uid, not a secret): it decides whether a page
// loads Firebase at all, and lets a new sign-in notice that a different person was here before.

export const SIGNED_IN_MARKER_KEY = 'nodeyard-signed-in';

export function readMarker(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(SIGNED_IN_MARKER_KEY);
  } catch {
    return null;
  }
}

export function markSignedIn(uid: string): void {
  try {
    localStorage.setItem(SIGNED_IN_MARKER_KEY, uid);
  } catch {
    // Without storage every page simply starts signed out until Firebase is loaded.
  }
}

export function clearMarker(): void {
  try {
    localStorage.removeItem(SIGNED_IN_MARKER_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
