import { formatNumber } from '../../lib/format/format.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { useAdmin } from './context.ts';
import { QueryStatus } from './QueryStatus.tsx';
import { compactCard, muted } from '../ui/styles.ts';

/** One count, written the page's way ("1,234", "1 234"), leading to the list it counts. */
function Tile({ label, value, href }: { label: string; value: number; href: string }) {
  const { lang } = useAdmin();
  return (
    <a
      href={href}
      className={`${compactCard} block hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500`}
      data-testid="overview-tile"
    >
      <span className={muted}>{label}</span>
      <span className="mt-1 block text-3xl font-bold tabular-nums">{formatNumber(value, lang)}</span>
    </a>
  );
}

/** The day before `now`, as the audit log's date filter takes it (its "last 24 hours" list starts there). */
function dayBefore(now: Date): string {
  return new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export function Overview() {
  const { t, base } = useAdmin();
  const query = useApiQuery('/admin/overview');
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
            href={`${base}/nodes?status=NodeStatusActive`}
          />
          <Tile
            label={t('admin.overview.bannedNodes')}
            value={d.nodes['NodeStatusBanned'] ?? 0}
            href={`${base}/nodes?status=NodeStatusBanned`}
          />
          <Tile
            label={t('admin.overview.publishers')}
            value={d.publishers['PublisherStatusActive'] ?? 0}
            href={`${base}/publishers?status=PublisherStatusActive`}
          />
          <Tile
            label={t('admin.overview.bannedPublishers')}
            value={d.publishers['PublisherStatusBanned'] ?? 0}
            href={`${base}/publishers?status=PublisherStatusBanned`}
          />
          <Tile label={t('admin.overview.users')} value={d.users.total} href={`${base}/users`} />
          <Tile label={t('admin.overview.admins')} value={d.users.admins} href={`${base}/users?admins=true`} />
          <Tile label={t('modPolish.overview.bannedUsers')} value={d.users.banned} href={`${base}/users?banned=true`} />
          <Tile label={t('modPolish.overview.reportsOpen')} value={d.reports_open} href={`${base}/reports`} />
          <Tile label={t('modPolish.overview.appealsOpen')} value={d.appeals_open} href={`${base}/appeals`} />
          <Tile
            label={t('admin.overview.audit24h')}
            value={d.audit_last_24h}
            href={`${base}/audit?from=${dayBefore(new Date())}`}
          />
        </div>
      )}
    </section>
  );
}
