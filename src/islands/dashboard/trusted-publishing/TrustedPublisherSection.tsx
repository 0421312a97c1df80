import { useApiQuery } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { muted } from '../../ui/styles.ts';
import { AddTrustedPublisherForm } from './AddTrustedPublisherForm.tsx';
import { RequireTrustedPublishing } from './RequireTrustedPublishing.tsx';
import { TrustedPublisherRow } from './TrustedPublisherRow.tsx';

/**
 * Trusted publishing for one publisher (owners only): which CI workflows may publish which nodes,
 * and which nodes refuse personal access tokens. docs/publishing.md explains the CI side.
 */
export function TrustedPublisherSection({ publisherId }: { publisherId: string }) {
  const { t } = useDashboard();
  const query = useApiQuery('/publishers/{publisherId}/trusted-publishers', { path: { publisherId } });
  const headingId = `trusted-publishing-${publisherId}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="trusted-publishing-section">
      <h4 id={headingId} className="text-base font-semibold">
        {t('trustedPublishing.heading')}
      </h4>
      <p className={muted}>{t('trustedPublishing.lead')}</p>
      <QueryState query={query}>
        {(list) => (
          <>
            <AddTrustedPublisherForm
              publisherId={publisherId}
              nodeIds={list.nodes.map((node) => node.id)}
              issuers={list.issuers}
            />
            {list.trusted_publishers.length === 0 ? (
              <p className={muted}>{t('trustedPublishing.empty')}</p>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
                {list.trusted_publishers.map((entry) => (
                  <TrustedPublisherRow
                    key={entry.id}
                    entry={entry}
                    publisherId={publisherId}
                    showIssuer={list.issuers.length > 1}
                  />
                ))}
              </ul>
            )}
            <RequireTrustedPublishing publisherId={publisherId} nodes={list.nodes} />
          </>
        )}
      </QueryState>
    </section>
  );
}
