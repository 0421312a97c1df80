/** Codes with which a popup sign-in cannot even start here; the same sign-in then goes by redirect. */
export const REDIRECT_FALLBACK_CODES: ReadonlySet<string> = new Set([
  'auth/popup-blocked',
  'auth/operation-not-supported-in-this-environment',
]);

/**
 * Tries the popup; when the browser blocks it, starts the redirect flow instead (the page then
 * navigates away) and resolves "redirect". Any other failure (closed popup, network) is rethrown.
 */
export async function popupOrRedirect<T>(
  popup: () => Promise<T>,
  redirect: () => Promise<unknown>,
): Promise<T | 'redirect'> {
  try {
    return await popup();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code !== 'string' || !REDIRECT_FALLBACK_CODES.has(code)) throw error;
    await redirect();
    return 'redirect';
  }
}
