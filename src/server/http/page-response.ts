import { applyPageCaching } from './page-cache.ts';
import { pageSecurityHeaders, type PageSecurityEnv } from './security-headers.ts';

const isHtml = (response: Response) => (response.headers.get('content-type') ?? '').startsWith('text/html');

/**
 * The last step of every page response: security headers on everything, and for HTML the
 * Content-Security-Policy (our own inline scripts, this page's inline styles, by hash) plus
 * ETag/Cache-Control/304.
 */
export async function finalizePageResponse(
  request: Request,
  response: Response,
  env: PageSecurityEnv = process.env,
): Promise<Response> {
  if (!isHtml(response) || response.body === null) {
    const headers = new Headers(response.headers);
    for (const [name, value] of pageSecurityHeaders(request, null, env)) headers.set(name, value);
    const nullBody = [101, 204, 205, 304].includes(response.status);
    return new Response(nullBody ? null : response.body, {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  for (const [name, value] of pageSecurityHeaders(request, body, env)) {
    headers.set(name, value);
  }
  const notModified = applyPageCaching(request, response.status, headers, body);
  if (notModified) return notModified;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
