import { useState } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import { api } from '../../../lib/dashboard/paths.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { button, muted } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import type { TrustedPublisher } from './types.ts';

interface Props {
  entry: TrustedPublisher;
  publisherId: string;
  /** Only worth showing when this registry accepts more than GitHub Actions. */
  showIssuer: boolean;
}

/** One registration: node, repository, workflow and the optional limits; remove. */
export function TrustedPublisherRow({ entry, publisherId, showIssuer }: Props) {
  const { t, lang } = useDashboard();
  const [removing, setRemoving] = useState(false);
  const remove = useApiMutation<void, void>('DELETE', api.trustedPublisher(publisherId, entry.id));
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
      <button type="button" className={button.dangerGhost} onClick={() => setRemoving(true)}>
        {t('trustedPublishing.remove')}
        <span className="sr-only"> {entry.node_id}</span>
      </button>
      <ConfirmDialog
        cancelLabel={t('dashboard.cancel')}
        open={removing}
        title={t('trustedPublishing.removeTitle', { node: entry.node_id })}
        body={t('trustedPublishing.removeBody', { repository: entry.repository })}
        confirmLabel={t('trustedPublishing.remove')}
        pendingLabel={t('trustedPublishing.removing')}
        pending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        onClose={() => {
          remove.reset();
          setRemoving(false);
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('trustedPublishing.removed'));
              setRemoving(false);
            },
            onError: (error) => toast.error(apiErrorText(t, error)),
          })
        }
      />
    </li>
  );
}
