import type { NodeVersion } from '../../../lib/dashboard/api-types.ts';
import { useApiQuery } from '../../../lib/query/hooks.ts';
import { VersionChangesView } from '../../version-changes/VersionChangesView.tsx';
import { useDashboard } from '../context.ts';

interface Props {
  publisherId: string;
  nodeId: string;
  version: NodeVersion;
}

/**
 * Before a version goes Active (Pending, or held in review): what it can do that the previous Active
 * version could not, in the node page's own rendering, so the publisher sees what users and
 * moderators will. Shown only when it gains a power; a first version (404 no_previous_version), an
 * unscanned one or one that gains nothing shows nothing here.
 */
export function VersionGainedPowers({ publisherId, nodeId, version }: Props) {
  const { t } = useDashboard();
  const query = useApiQuery('/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/changes', {
    path: { publisherId, nodeId, version: version.version },
  });
  const changes = query.data;
  if (!changes?.capabilities || changes.capabilities.gained.length === 0) return null;
  return (
    <section
      className="mt-2 rounded-md border border-slate-200 p-3 dark:border-slate-700"
      aria-label={t('versionChanges.dashboard.heading', { from: changes.from })}
      data-testid="version-gained-powers"
    >
      <p className="font-semibold">{t('versionChanges.dashboard.heading', { from: changes.from })}</p>
      <p className="mb-2 text-slate-700 dark:text-slate-300">{t('versionChanges.dashboard.lead')}</p>
      <VersionChangesView changes={changes} t={t} level={4} />
    </section>
  );
}
