/**
 * The message sections the shared auth pieces (RequireSignIn, Toaster labels) read. Other islands
 * add them to theirs: `islandMessages(lang, [...AUTH_SHARED_SECTIONS, 'dashboard'])`.
 */
export const AUTH_SHARED_SECTIONS = ['authSession', 'toast'] as const;
