import type { RegistryNode } from '../../../lib/dashboard/api-types.ts';
import { useApiQuery } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { muted } from '../../ui/styles.ts';
import { TableHead } from '../../ui/TableHead.tsx';
import { VersionCollisions } from './VersionCollisions.tsx';
import { VersionRow } from './VersionRow.tsx';

/** A header cell of the versions table (the actions column ends the row instead). */
const cell = 'py-1 pe-3 text-start font-medium';

/** Every status an owner needs to see (Deleted ones are gone for good, so they stay hidden). */
export const OWNER_VISIBLE_STATUSES = [
  'NodeVersionStatusActive',
  'NodeVersionStatusPending',
  'NodeVersionStatusFlagged',
  'NodeVersionStatusBanned',
] as const;

interface Props {
  node: RegistryNode;
  publisherId: string;
  isOwner: boolean;
  /** A banned node: nothing about it can change, and its versions are not listed publicly. */
  frozen: boolean;
}

export function VersionList({ node, publisherId, isOwner, frozen }: Props) {
  const { t } = useDashboard();
  const query = useApiQuery(
    '/nodes/{nodeId}/versions',
    { path: { nodeId: node.id }, query: { statuses: [...OWNER_VISIBLE_STATUSES], include_status_reason: true } },
    { enabled: !frozen },
  );
  // The scan's warnings of Active versions, one request for the whole list.
  const warnings = useApiQuery('/nodes/{nodeId}/scan-warnings', { path: { nodeId: node.id } }, { enabled: !frozen });
  const warningsOf = (versionId: string) => warnings.data?.versions.find((entry) => entry.version_id === versionId);
  if (frozen) return <p className={muted}>{t('dashboard.nodes.frozen')}</p>;
  return (
    <div className="rounded-lg bg-slate-50 p-3 dark:bg-slate-900">
      <VersionCollisions publisherId={publisherId} nodeId={node.id} />
      <QueryState query={query}>
        {(versions) =>
          versions.length === 0 ? (
            <p className={muted}>{t('dashboard.versions.empty')}</p>
          ) : (
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t('dashboard.versions.heading', { id: node.id })}</caption>
              <TableHead
                className="text-start text-xs text-slate-600 uppercase dark:text-slate-400"
                columns={[
                  { key: 'version', label: t('dashboard.versions.version'), className: cell },
                  { key: 'status', label: t('dashboard.versions.status'), className: cell },
                  {
                    key: 'released',
                    label: t('dashboard.versions.released'),
                    className: `hidden sm:table-cell ${cell}`,
                  },
                  { key: 'actions', label: t('dashboard.versions.actions'), className: 'py-1 text-end font-medium' },
                ]}
              />
              <tbody>
                {versions.map((version) => (
                  <VersionRow
                    key={version.id}
                    version={version}
                    nodeId={node.id}
                    nodeName={node.name || node.id}
                    warnings={version.status === 'NodeVersionStatusActive' ? warningsOf(version.id) : undefined}
                    publisherId={publisherId}
                    isOwner={isOwner}
                  />
                ))}
              </tbody>
            </table>
          )
        }
      </QueryState>
    </div>
  );
}
