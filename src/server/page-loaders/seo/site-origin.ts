// The origin that canonical, hreflang and OpenGraph URLs are built on. Never the request's Host
// header: anyone can send any Host, and a shared cache or a crawler that stored such a page would
// point search engines and link previews at the attacker's domain. SITE_PUBLIC_URL names the
// public origin; without it, the address the site listens on (HOST and PORT) is used.

export interface SiteOriginSettings {
  SITE_PUBLIC_URL?: string | undefined;
  HOST?: string | undefined;
  PORT?: string | undefined;
}

/** A listening address as a URL host: the wildcard binds as localhost, IPv6 in brackets. */
function urlHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

export function siteOrigin(settings: SiteOriginSettings = process.env): string {
  const configured = settings.SITE_PUBLIC_URL?.trim();
  if (configured) return new URL(configured).origin;
  const host = urlHost(settings.HOST?.trim() || '127.0.0.1');
  const port = settings.PORT?.trim() || '4321';
  return new URL(`http://${host}:${port}`).origin;
}
