import type { Locale } from '../../../i18n/locales.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import { searchHref } from '../../../lib/search/links.ts';
import type { CardNode } from '../../../lib/search/types.ts';
import { NodeList } from './NodeList.tsx';

export interface HomeData {
  popular: CardNode[];
  recentlyUpdated: CardNode[];
}

/** The empty-query view: popular and recently updated packs, and a way into the full list. */
export function HomeSections({ lang, t, home }: { lang: Locale; t: TFunction; home: HomeData }) {
  const sections = [
    { id: 'popular', title: t('search.popular'), nodes: home.popular, more: searchHref(lang, { sort: 'downloads' }) },
    {
      id: 'recently-updated',
      title: t('search.recentlyUpdated'),
      nodes: home.recentlyUpdated,
      more: searchHref(lang, { sort: 'updated' }),
    },
  ];
  return (
    <div className="space-y-10">
      {sections.map((section) =>
        section.nodes.length === 0 ? null : (
          <section key={section.id} aria-labelledby={`home-${section.id}`} data-testid={`home-${section.id}`}>
            <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
              <h2 id={`home-${section.id}`} className="text-xl font-semibold">
                {section.title}
              </h2>
              <a href={section.more} className="text-sm text-brand-700 underline dark:text-brand-100">
                {t('search.browseAll')}
              </a>
            </div>
            <NodeList lang={lang} t={t} nodes={section.nodes} />
          </section>
        ),
      )}
    </div>
  );
}
