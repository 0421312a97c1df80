import type { RegistryNode } from '../../../lib/dashboard/api-types.ts';
import { nodeStatusView } from '../../../lib/dashboard/node-status.ts';
import { useApiQuery } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { OWNER_VISIBLE_STATUSES } from './VersionList.tsx';

/**
 * The node's state at a glance, from its versions' statuses (the same query the version list uses,
 * so opening it costs nothing more): Active, Flagged for review, Pending scan, Banned or no versions,
 * and a newer held version next to an Active one. A banned node shows the moderators' reason.
 */
export function NodeStatusLine({ node }: { node: RegistryNode }) {
  const { t } = useDashboard();
  const banned = node.status === 'NodeStatusBanned';
  const query = useApiQuery(
    '/nodes/{nodeId}/versions',
    { path: { nodeId: node.id }, query: { statuses: [...OWNER_VISIBLE_STATUSES], include_status_reason: true } },
    { enabled: !banned },
  );
  if (!banned && !query.data) return null;
  const view = nodeStatusView(node.status, query.data ?? []);
  const held =
    view.key === 'flagged' ||
    view.key === 'banned' ||
    view.key === 'versionBanned' ||
    view.newer?.key === 'newerFlagged';
  // Only the node's own ban says "Banned"; a banned version is named as such.
  const label =
    view.key === 'versionBanned'
      ? t('modPolish.node.versionBanned', { version: view.version ?? '' })
      : t(`findings.node.${view.key}`);
  return (
    <div className="mt-1 flex flex-col gap-1 text-sm" data-testid="node-status" data-status={view.key}>
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={view.tone} label={label} />
        {view.newer && (
          <span className="text-amber-900 dark:text-amber-200">
            {t(`findings.node.${view.newer.key}`, { version: view.newer.version })}
          </span>
        )}
      </p>
      {banned && (
        <>
          <p>{t('findings.node.bannedNode')}</p>
          {node.status_detail?.trim() && (
            <div data-testid="node-ban-reason">
              <p className="text-xs font-medium">{t('findings.reason.moderatorText')}</p>
              <blockquote dir="auto" className="border-s-4 border-red-400 ps-3 whitespace-pre-wrap">
                {node.status_detail}
              </blockquote>
            </div>
          )}
        </>
      )}
      {held && !banned && <p className="text-slate-700 dark:text-slate-300">{t('findings.node.seeVersions')}</p>}
    </div>
  );
}
