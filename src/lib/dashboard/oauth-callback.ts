export type CallbackParams = { kind: 'ok'; code: string; state: string } | { kind: 'denied' } | { kind: 'missing' };

/**
 * What GitHub put on the callback URL: `code` and `state` after approval, `error=access_denied`
 * when the user cancelled (any other error is treated as missing data).
 */
export function readCallbackParams(search: string): CallbackParams {
  const params = new URLSearchParams(search);
  if (params.get('error') === 'access_denied') return { kind: 'denied' };
  const code = params.get('code')?.trim();
  const state = params.get('state')?.trim();
  return code && state ? { kind: 'ok', code, state } : { kind: 'missing' };
}
