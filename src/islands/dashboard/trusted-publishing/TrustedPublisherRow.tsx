import { apiKey, useApiMutation } from '../../../lib/query/hooks.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { muted } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import type { TrustedPublisher } from './types.ts';
import { ConfirmedDelete } from '../../ui/ConfirmedDelete.tsx';

interface Props {
  entry: TrustedPublisher;
  publisherId: string;
  /** Only worth showing when this registry accepts more than GitHub Actions. */
  showIssuer: boolean;
}

/** One registration: node, repository, workflow and the optional limits; remove. */
export function TrustedPublisherRow({ entry, publisherId, showIssuer }: Props) {
  const { t, lang } = useDashboard();
  const remove = useApiMutation('delete', '/publishers/{publisherId}/trusted-publishers/{trustedPublisherId}', {
    invalidates: [apiKey('/publishers/{publisherId}/trusted-publishers', { path: { publisherId } })],
  });
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="trusted-publisher-row">
      <div className="min-w-0">
        <p className="font-medium">
          <span dir="ltr" className="font-mono">
            {entry.node_id}
          </span>{' '}
          {entry.pending && <StatusBadge tone="wait" label={t('trustedPublishing.pending')} />}
        </p>
        <p className={muted}>
          <code dir="ltr" className="font-mono">
            {entry.repository}
          </code>
          {' · '}
          <code dir="ltr" className="font-mono">
            {entry.workflow}
          </code>
          {' · '}
          {entry.environment ? (
            <span>
              {t('trustedPublishing.environmentValue')}{' '}
              <code dir="ltr" className="font-mono">
                {entry.environment}
              </code>
            </span>
          ) : (
            t('trustedPublishing.anyEnvironment')
          )}
          {' · '}
          {entry.ref_pattern ? (
            <span>
              {t('trustedPublishing.refValue')}{' '}
              <code dir="ltr" className="font-mono">
                {entry.ref_pattern}
              </code>
            </span>
          ) : (
            t('trustedPublishing.anyRef')
          )}
        </p>
        <p className={muted}>
          {showIssuer && (
            <>
              <span dir="ltr">{entry.issuer}</span>
              {' · '}
            </>
          )}
          {entry.last_used_at
            ? t('trustedPublishing.lastUsed', { date: formatDate(entry.last_used_at, lang) })
            : t('trustedPublishing.notUsed')}
        </p>
      </div>
      <ConfirmedDelete
        t={t}
        cancelLabel={t('dashboard.cancel')}
        remove={remove}
        variables={{ params: { path: { publisherId, trustedPublisherId: entry.id } } }}
        label={t('trustedPublishing.remove')}
        name={entry.node_id}
        title={t('trustedPublishing.removeTitle', { node: entry.node_id })}
        body={t('trustedPublishing.removeBody', { repository: entry.repository })}
        pendingLabel={t('trustedPublishing.removing')}
        done={t('trustedPublishing.removed')}
      />
    </li>
  );
}
