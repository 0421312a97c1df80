import type { ApiSchema } from '../../lib/api/types.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { useAdmin } from './context.ts';
import { QueryStatus } from './QueryStatus.tsx';
import { compactCard, muted } from '../ui/styles.ts';

type OverviewData = ApiSchema<'AdminOverview'>;

function Tile({ label, value, href }: { label: string; value: number; href?: string }) {
  const body = (
    <>
      <span className={muted}>{label}</span>
      <span className="mt-1 block text-3xl font-bold tabular-nums">{value}</span>
    </>
  );
  return href ? (
    <a
      href={href}
      className={`${compactCard} block hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500`}
    >
      {body}
    </a>
  ) : (
    <div className={compactCard}>{body}</div>
  );
}

export function Overview() {
  const { t, base } = useAdmin();
  const query = useApiQuery<OverviewData>('/admin/overview');
  const d = query.data;
  return (
    <section aria-labelledby="admin-overview-title">
      <h2 id="admin-overview-title" className="mb-4 text-xl font-semibold">
        {t('admin.overview.title')}
      </h2>
      <QueryStatus query={query} />
      {d && (
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          <Tile
            label={t('admin.overview.flagged')}
            value={d.versions['NodeVersionStatusFlagged'] ?? 0}
            href={`${base}/review?statuses=NodeVersionStatusFlagged`}
          />
          <Tile
            label={t('admin.overview.pending')}
            value={d.versions['NodeVersionStatusPending'] ?? 0}
            href={`${base}/review?statuses=NodeVersionStatusPending`}
          />
          <Tile
            label={t('admin.overview.activeNodes')}
            value={d.nodes['NodeStatusActive'] ?? 0}
            href={`${base}/nodes`}
          />
          <Tile
            label={t('admin.overview.bannedNodes')}
            value={d.nodes['NodeStatusBanned'] ?? 0}
            href={`${base}/nodes?status=NodeStatusBanned`}
          />
          <Tile
            label={t('admin.overview.publishers')}
            value={d.publishers['PublisherStatusActive'] ?? 0}
            href={`${base}/publishers`}
          />
          <Tile
            label={t('admin.overview.bannedPublishers')}
            value={d.publishers['PublisherStatusBanned'] ?? 0}
            href={`${base}/publishers?status=PublisherStatusBanned`}
          />
          <Tile label={t('admin.overview.users')} value={d.users.total} href={`${base}/users`} />
          <Tile label={t('admin.overview.admins')} value={d.users.admins} href={`${base}/users?admins=true`} />
          <Tile label={t('admin.overview.audit24h')} value={d.audit_last_24h} href={`${base}/audit`} />
        </div>
      )}
    </section>
  );
}
