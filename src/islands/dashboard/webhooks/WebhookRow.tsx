import { useState } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { button, muted } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import { useInvalidate } from '../../../lib/query/use-invalidate.ts';
import { LastDelivery } from './LastDelivery.tsx';
import { webhookPaths, type Webhook } from './types.ts';

/** One endpoint: where it sends, what, its secret's prefix, its last delivery; test it or remove it. */
export function WebhookRow({ webhook, publisherId }: { webhook: Webhook; publisherId: string }) {
  const { t, lang } = useDashboard();
  const [removing, setRemoving] = useState(false);
  const remove = useApiMutation<void, void>('DELETE', webhookPaths.one(publisherId, webhook.id));
  const ping = useApiMutation<void, { event_id: string }>('POST', webhookPaths.ping(publisherId, webhook.id));
  const invalidate = useInvalidate();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="webhook-row">
      <div className="min-w-0 flex-1">
        <p className="font-mono text-sm font-medium" dir="ltr">
          {webhook.url}
        </p>
        {webhook.description && (
          <p className={muted} dir="auto">
            {webhook.description}
          </p>
        )}
        <p className={`${muted} mt-1`}>
          {t('webhooks.sends')}{' '}
          <span dir="ltr" className="font-mono">
            {webhook.events.join(', ')}
          </span>
          {' · '}
          {t('webhooks.secretPrefix')}{' '}
          <code dir="ltr" className="font-mono">
            {webhook.secret_prefix}…
          </code>
          {' · '}
          {t('webhooks.createdOn', { date: formatDate(webhook.created_at, lang) })}
        </p>
        <LastDelivery delivery={webhook.last_delivery} />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={button.secondary}
          disabled={ping.isPending}
          onClick={() =>
            ping.mutate(undefined, {
              onSuccess: async () => {
                toast.success(t('webhooks.pinged', { url: webhook.url }));
                await invalidate(webhookPaths.list(publisherId));
              },
              onError: (error) => toast.error(apiErrorText(t, error)),
            })
          }
        >
          {ping.isPending ? t('webhooks.pinging') : t('webhooks.ping')}
          <span className="sr-only"> {webhook.url}</span>
        </button>
        <button type="button" className={button.dangerGhost} onClick={() => setRemoving(true)}>
          {t('webhooks.remove')}
          <span className="sr-only"> {webhook.url}</span>
        </button>
      </div>
      <ConfirmDialog
        cancelLabel={t('dashboard.cancel')}
        open={removing}
        title={t('webhooks.removeTitle', { url: webhook.url })}
        body={t('webhooks.removeBody')}
        confirmLabel={t('webhooks.remove')}
        pendingLabel={t('webhooks.removing')}
        pending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        onClose={() => {
          remove.reset();
          setRemoving(false);
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('webhooks.removed'));
              setRemoving(false);
            },
            onError: (error) => toast.error(apiErrorText(t, error)),
          })
        }
      />
    </li>
  );
}
