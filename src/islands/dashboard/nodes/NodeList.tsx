import { useState } from 'react';
import type { Publisher } from '../../../lib/dashboard/api-types.ts';
import { useApiQuery } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { muted } from '../../ui/styles.ts';
import { NodeItem } from './NodeItem.tsx';
import { Pagination } from '../../ui/Pagination.tsx';

export const NODES_PER_PAGE = 10;

/** The publisher's nodes, a page at a time (banned ones included: the owner must see them). */
export function NodeList({ publisher, isOwner }: { publisher: Publisher; isOwner: boolean }) {
  const { t } = useDashboard();
  const [page, setPage] = useState(1);
  const query = useApiQuery('/publishers/{publisherId}/nodes/v2', {
    path: { publisherId: publisher.id },
    query: { page: String(page), limit: String(NODES_PER_PAGE), include_banned: 'true' },
  });
  const headingId = `nodes-${publisher.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h4 id={headingId} className="text-base font-semibold">
        {t('dashboard.nodes.heading')}
        {query.data && <span className={`${muted} ms-2 font-normal`}>({query.data.total})</span>}
      </h4>
      <QueryState query={query}>
        {(data) =>
          data.nodes.length === 0 ? (
            <p className={muted}>{t('dashboard.nodes.empty')}</p>
          ) : (
            <>
              <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
                {data.nodes.map((node) => (
                  <NodeItem
                    key={node.id}
                    node={node}
                    icon={data.icon_images[node.id]}
                    publisherId={publisher.id}
                    isOwner={isOwner}
                  />
                ))}
              </ul>
              <Pagination
                page={data.page}
                totalPages={data.totalPages}
                label={t('dashboard.nodes.pagination', { publisher: publisher.name || publisher.id })}
                onPage={setPage}
                previousLabel={t('dashboard.nodes.previous')}
                nextLabel={t('dashboard.nodes.next')}
                status={t('dashboard.nodes.page', { page: data.page, total: data.totalPages })}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
