import type { Locale } from '../../i18n/locales.ts';

/** Site pages of the dashboard and the claim flow (its API reads and writes name the document's paths: lib/query/hooks.ts). */
export const dashboardPath = (lang: Locale) => `/${lang}/nodes`;
export const claimPath = (lang: Locale, nodeId: string) => `/${lang}/nodes/claim?nodeId=${encodeURIComponent(nodeId)}`;
export const nodePagePath = (lang: Locale, nodeId: string) => `/${lang}/nodes/${encodeURIComponent(nodeId)}`;
