import { defineMiddleware } from 'astro:middleware';
import { localeDir, LOCALE_COOKIE } from './i18n/locales.ts';
import { negotiateLocale } from './i18n/negotiate.ts';
import { serverT } from './i18n/server.ts';
import { splitLocalePath } from './lib/locale-path.ts';
import { finalizePageResponse } from './server/http/page-response.ts';

// Puts the page language, its direction and `t()` on `locals` once per request, so pages and
// components never work the locale out themselves.
export const onRequest = defineMiddleware(async (context, next) => {
  const { locale } = splitLocalePath(context.url.pathname);
  // A /{lang}/… route whose first segment is not one of our languages is simply not a page.
  if (context.params['lang'] !== undefined && !locale) return context.rewrite('/404');
  const lang =
    locale ??
    negotiateLocale({
      saved: context.cookies.get(LOCALE_COOKIE)?.value,
      acceptLanguage: context.request.headers.get('accept-language'),
    });
  context.locals.lang = lang;
  context.locals.dir = localeDir(lang);
  context.locals.t = serverT(lang);
  // A page's rewrite (a missing pack's page to the 404 page) runs this middleware again inside the
  // first run, whose own finalize then covers the answer: finalizing it twice read, hashed and copied
  // the whole body twice.
  if (context.locals.finalizing) return next();
  context.locals.finalizing = true;
  return finalizePageResponse(context.request, await next());
});
