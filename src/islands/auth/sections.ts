/**
 * The message sections the shared auth pieces (RequireSignIn, Toaster labels) and the API error texts read. Other islands
 * add them to theirs: `islandMessages(lang, [...AUTH_SHARED_SECTIONS, 'dashboard'])`.
 */
export const AUTH_SHARED_SECTIONS = ['authSession', 'toast', 'apiErrors'] as const;
