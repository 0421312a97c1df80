import { useId } from 'react';
import type { NodeVersion } from '../../../lib/dashboard/api-types.ts';
import { canRequestReview, type VersionFindings as Findings } from '../../../lib/dashboard/findings.ts';
import { useApiQuery } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { FindingItem } from './FindingItem.tsx';
import { ReviewRequestForm } from './ReviewRequestForm.tsx';

interface Props {
  publisherId: string;
  nodeId: string;
  /** Named in the review request's toast. */
  nodeName: string;
  version: NodeVersion;
}

/** Why the version is held, said in the reader's language (a moderator's own words kept as written). */
function HeldReason({ data }: { data: Findings }) {
  const { t } = useDashboard();
  const banned = data.status === 'NodeVersionStatusBanned';
  const { source, text } = data.reason;
  const lead =
    source === 'scan_failed'
      ? t('findings.reason.scanFailed')
      : source === 'upload'
        ? t(text ? 'findings.reason.upload' : 'findings.reason.noUpload')
        : source === 'moderator'
          ? t(banned ? 'findings.reason.bannedByModerator' : 'findings.reason.flaggedByModerator')
          : banned
            ? t('findings.reason.banned')
            : data.findings.length > 0
              ? t('findings.summary', { count: data.findings.length })
              : null;
  return (
    <>
      {lead && <p className="font-medium">{lead}</p>}
      {text && (
        <div data-testid="moderator-reason">
          <p className="text-xs font-medium">
            {t(source === 'upload' ? 'findings.reason.uploadDetail' : 'findings.reason.moderatorText')}
          </p>
          <blockquote dir="auto" className="border-s-4 border-amber-400 ps-3 whitespace-pre-wrap">
            {text}
          </blockquote>
        </div>
      )}
      {source === 'scan' && data.findings.length > 0 && <p>{t('findings.holdNote')}</p>}
    </>
  );
}

/**
 * What held a Flagged or Banned version and what to do next: the reason, each finding (rule title and
 * explanation, file, line, code) and the two ways forward, a fixed new version or a review request.
 */
export function VersionFindings({ publisherId, nodeId, nodeName, version }: Props) {
  const { t } = useDashboard();
  const headingId = useId();
  const nextId = useId();
  const query = useApiQuery('/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/findings', {
    path: { publisherId, nodeId, version: version.version },
  });
  return (
    <div
      className="mt-1 flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900 dark:border-amber-800 dark:bg-slate-950 dark:text-slate-100"
      data-testid="version-findings"
      data-version-findings={`${nodeId}@${version.version}`}
    >
      <QueryState query={query}>
        {(data) => (
          <>
            <HeldReason data={data} />
            {data.findings.length > 0 && (
              <section aria-labelledby={headingId}>
                <h5 id={headingId} className="font-semibold">
                  {t('findings.heading')}
                </h5>
                <ol className="divide-y divide-amber-200 dark:divide-slate-800">
                  {data.findings.map((finding, index) => (
                    <FindingItem
                      key={`${finding.rule_id}-${finding.file}-${finding.line}-${index}`}
                      finding={finding}
                    />
                  ))}
                </ol>
              </section>
            )}
            <section aria-labelledby={nextId} className="flex flex-col gap-2">
              <h5 id={nextId} className="font-semibold">
                {t('findings.next.heading')}
              </h5>
              <ul className="list-disc ps-5">
                <li>{t('findings.next.fix')}</li>
                <li>{t('findings.next.review')}</li>
              </ul>
              <ReviewRequestForm
                publisherId={publisherId}
                nodeId={nodeId}
                nodeName={nodeName}
                version={version.version}
                pending={data.review_request?.open ? data.review_request : null}
                allowed={canRequestReview(data)}
              />
            </section>
          </>
        )}
      </QueryState>
    </div>
  );
}
