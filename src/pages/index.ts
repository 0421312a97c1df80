import type { APIRoute } from 'astro';
import { LOCALE_COOKIE } from '../i18n/locales.ts';
import { negotiateLocale } from '../i18n/negotiate.ts';

// `/` sends visitors to their language: the one they picked before, else Accept-Language, else en.
export const GET: APIRoute = ({ request, cookies }) => {
  const lang = negotiateLocale({
    saved: cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });
  return new Response(null, {
    status: 302,
    headers: { Location: `/${lang}/`, Vary: 'Accept-Language, Cookie', 'Cache-Control': 'private, no-store' },
  });
};
