import type { Locale } from '../../../i18n/locales.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import { formatCompact, formatNumber } from '../../../lib/format/format.ts';
import { snippet } from '../../../lib/search/highlight.ts';
import { plainDescription } from '../../../lib/text/manager-markup.ts';
import type { CardNode, NodeHighlight } from '../../../lib/search/types.ts';
import { searchHref } from '../../../lib/search/links.ts';
import { localizedPath } from '../../../lib/locale-path.ts';
import { Highlighted } from './Highlighted.tsx';
import { NodeIcon } from './NodeIcon.tsx';

/** Nodes of this placeholder publisher have not been claimed by anyone (see services/publishers/unclaimed.ts). */
const UNCLAIMED_PUBLISHER_ID = 'unclaimed';

export interface NodeCardProps {
  node: CardNode;
  lang: Locale;
  t: TFunction;
  /** What matched (from the search response), to mark in the name and description. */
  highlight?: NodeHighlight | undefined;
  /** The heading level of the pack name (default 3: cards sit under a section heading). */
  headingLevel?: 2 | 3 | 4 | undefined;
}

const EMPTY: NodeHighlight = { terms: [], classNames: [] };

/** One pack in a list. Pure markup: rendered statically by NodeCard.astro and by the search island. */
export function NodeCardView({ node, lang, t, highlight = EMPTY, headingLevel = 3 }: NodeCardProps) {
  const Heading = `h${headingLevel}` as const;
  const name = node.name?.trim() || node.id;
  const publisher = node.publisher;
  const claimed = publisher && publisher.id !== UNCLAIMED_PUBLISHER_ID;
  // Imported descriptions carry ComfyUI-Manager link markup; a card shows its prose only.
  const description = node.description?.trim() ? snippet(plainDescription(node.description), highlight.terms) : '';
  const version = node.latest_version?.version;
  const deprecated = node.latest_version?.deprecated === true;
  // What an install gets is affected by a published advisory (issue 30.4); the node page's Security section says more.
  const advised = (node.latest_version_advisories?.length ?? 0) > 0;
  const stats = [
    { key: 'downloads', value: node.downloads ?? 0, label: t('searchCard.downloads'), icon: DOWNLOAD_ICON },
    { key: 'stars', value: node.github_stars ?? 0, label: t('searchCard.stars'), icon: STAR_ICON },
  ];
  return (
    <article
      className="flex h-full gap-4 rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900/40"
      data-testid="node-card"
      data-node-id={node.id}
    >
      <NodeIcon id={node.id} name={name} image={node.icon_image} />
      <div className="min-w-0 flex-1">
        <Heading className="text-base leading-snug font-semibold wrap-anywhere">
          <a
            dir="auto"
            href={localizedPath(lang, `/nodes/${encodeURIComponent(node.id)}`)}
            className="text-brand-700 hover:underline dark:text-brand-100"
          >
            <Highlighted text={name} terms={highlight.terms} />
          </a>
        </Heading>
        <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
          {claimed ? (
            <>
              <span className="sr-only">{t('searchCard.publisher')} </span>
              <a
                href={localizedPath(lang, `/publishers/${encodeURIComponent(publisher.id)}`)}
                dir="auto"
                className="hover:underline"
                data-testid="card-publisher"
              >
                {publisher.name?.trim() || publisher.id}
              </a>
            </>
          ) : (
            <span className="italic" data-testid="card-publisher">
              {t('searchCard.unclaimed')}
            </span>
          )}
        </p>
        <p
          dir="auto"
          className="mt-2 text-start text-sm rtl:text-right wrap-anywhere text-slate-700 dark:text-slate-300"
        >
          {description ? (
            <Highlighted text={description} terms={highlight.terms} />
          ) : (
            <span className="text-slate-500 dark:text-slate-400">{t('searchCard.noDescription')}</span>
          )}
        </p>
        {highlight.classNames.length > 0 && (
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-400" data-testid="card-classes">
            <span>{t('searchCard.matchedNodes')}</span>{' '}
            {highlight.classNames.map((className) => (
              <code
                key={className}
                dir="ltr"
                className="me-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-800 dark:bg-slate-800 dark:text-slate-200"
              >
                <Highlighted text={className} terms={highlight.terms} />
              </code>
            ))}
          </p>
        )}
        <dl className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
          {version && (
            <div className="flex items-center gap-1">
              <dt className="sr-only">{t('searchCard.latestVersion')}</dt>
              <dd dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono dark:bg-slate-800">
                v{version}
              </dd>
            </div>
          )}
          {deprecated && (
            <div>
              <dt className="sr-only">{t('searchCard.status')}</dt>
              <dd
                className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-900 dark:bg-amber-900/60 dark:text-amber-100"
                data-testid="card-deprecated"
              >
                {t('searchCard.deprecated')}
              </dd>
            </div>
          )}
          {advised && (
            <div>
              <dt className="sr-only">{t('searchCard.status')}</dt>
              <dd
                className="rounded bg-red-100 px-1.5 py-0.5 font-medium text-red-900 dark:bg-red-950 dark:text-red-100"
                data-testid="card-advisory"
                title={t('advisoryCard.description', { version: version ?? '' })}
              >
                {t('advisoryCard.badge')}
              </dd>
            </div>
          )}
          {stats.map((stat) => (
            <div
              key={stat.key}
              className="flex items-center gap-1"
              title={`${stat.label}: ${formatNumber(stat.value, lang)}`}
            >
              <dt>
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  className="h-3.5 w-3.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                >
                  {stat.icon}
                </svg>
                <span className="sr-only">{stat.label}</span>
              </dt>
              <dd data-testid={`card-${stat.key}`}>{formatCompact(stat.value, lang)}</dd>
            </div>
          ))}
        </dl>
        {node.tags && node.tags.length > 0 && (
          <ul className="mt-3 flex flex-wrap gap-1.5" aria-label={t('searchCard.tags')}>
            {node.tags.slice(0, 6).map((tag) => (
              <li key={tag}>
                <a
                  href={searchHref(lang, { tags: [tag] })}
                  className="inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-300 dark:hover:bg-slate-700"
                >
                  {tag}
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}

const DOWNLOAD_ICON = <path d="M12 3v12m0 0-4-4m4 4 4-4M4 17v3h16v-3" />;
const STAR_ICON = <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z" />;
