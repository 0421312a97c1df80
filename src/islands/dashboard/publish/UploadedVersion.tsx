import { useEffect } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import type { NodeVersion } from '../../../lib/dashboard/api-types.ts';
import { nodePagePath } from '../../../lib/dashboard/paths.ts';
import { nodeChangedKeys } from '../../../lib/dashboard/query-keys.ts';
import { versionStatusView } from '../../../lib/dashboard/version-status.ts';
import { useApiQuery, useInvalidateKeys } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { FindingItem } from '../nodes/FindingItem.tsx';
import { VersionFindings } from '../nodes/VersionFindings.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

/** How often the page asks whether the scan has finished (a running server scans within seconds). */
const POLL_MS = 1000;

interface Props {
  publisherId: string;
  uploaded: NodeVersion;
}

/**
 * The version just uploaded: Pending while its scan runs (asked again every second), then Active,
 * or held with the findings and the way to a review, as in the node's version list.
 */
export function UploadedVersion({ publisherId, uploaded }: Props) {
  const { t, lang } = useDashboard();
  const nodeId = uploaded.node_id ?? '';
  const query = useApiQuery(
    '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/findings',
    { path: { publisherId, nodeId, version: uploaded.version } },
    {
      refetchInterval: (data) =>
        (data?.status ?? 'NodeVersionStatusPending') === 'NodeVersionStatusPending' ? POLL_MS : false,
    },
  );
  const invalidate = useInvalidateKeys();
  const status = query.data?.status ?? uploaded.status;
  // The node's own version list (under Your nodes) shows the new status too.
  useEffect(() => {
    if (status !== 'NodeVersionStatusPending') void invalidate(nodeChangedKeys(publisherId, nodeId));
  }, [status, nodeId, publisherId, invalidate]);
  const view = versionStatusView(status);
  const held = status === 'NodeVersionStatusFlagged' || status === 'NodeVersionStatusBanned';
  const findings = query.data?.findings ?? [];
  return (
    <section
      className="mt-4 flex flex-col gap-2 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      aria-live="polite"
      data-testid="uploaded-version"
      data-status={status}
    >
      <p className="flex flex-wrap items-center gap-2">
        <strong>{t('publishGuide.result.published', { node: nodeId, version: uploaded.version })}</strong>
        <StatusBadge tone={view.tone} label={t(`dashboard.status.${view.key}`)} />
      </p>
      <p>
        {status === 'NodeVersionStatusPending'
          ? t('publishGuide.result.pending')
          : status === 'NodeVersionStatusActive'
            ? t('publishGuide.result.active')
            : held
              ? t('publishGuide.result.held')
              : null}
      </p>
      {query.isError && <p className="text-sm text-red-700 dark:text-red-300">{apiErrorText(t, query.error)}</p>}
      {held && (
        <VersionFindings
          publisherId={publisherId}
          nodeId={nodeId}
          nodeName={nodeId}
          version={{ ...uploaded, status }}
        />
      )}
      {!held && findings.length > 0 && (
        <ol className="divide-y divide-slate-200 dark:divide-slate-800" aria-label={t('findings.heading')}>
          {findings.map((finding, index) => (
            <FindingItem key={`${finding.rule_id}-${finding.file}-${finding.line}-${index}`} finding={finding} />
          ))}
        </ol>
      )}
      {status === 'NodeVersionStatusActive' && (
        <a
          className="text-sm font-medium text-brand-700 underline dark:text-brand-100"
          href={nodePagePath(lang, nodeId)}
        >
          {t('publishGuide.result.view')}
        </a>
      )}
    </section>
  );
}
