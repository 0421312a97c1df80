/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The page's language: from the /{lang}/ prefix, else negotiated (for 404s and redirects). */
    lang: import('./i18n/locales.ts').Locale;
    dir: import('./i18n/locales.ts').TextDirection;
    t: import('./i18n/translator.ts').TFunction;
    /** The server's services, handed in by src/server/main.ts (undefined under `astro dev`). */
    services?: import('./server/app-deps.ts').AppDeps;
    /** The visitor's address as the API's rate limiter sees it (trusted proxy hops applied), from main.ts. */
    clientAddress?: string;
    /** Set by the middleware's outer run: a rewrite's nested run leaves the response to it. */
    finalizing?: boolean;
  }
}
