import { apiErrorText } from '../../../lib/api/error-text.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { apiKey, useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { button, muted } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import { LastDelivery } from './LastDelivery.tsx';
import type { Webhook } from './types.ts';
import { ConfirmedDelete } from '../../ui/ConfirmedDelete.tsx';

/** One endpoint: where it sends, what, its secret's prefix, its last delivery; test it or remove it. */
export function WebhookRow({ webhook, publisherId }: { webhook: Webhook; publisherId: string }) {
  const { t, lang } = useDashboard();
  const invalidates = [apiKey('/publishers/{publisherId}/webhooks', { path: { publisherId } })];
  const ping = useApiMutation('post', '/publishers/{publisherId}/webhooks/{webhookId}/ping', { invalidates });
  const remove = useApiMutation('delete', '/publishers/{publisherId}/webhooks/{webhookId}', { invalidates });
  const path = { params: { path: { publisherId, webhookId: webhook.id } } };
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
            ping.mutate(path, {
              onSuccess: () => toast.success(t('webhooks.pinged', { url: webhook.url })),
              onError: (error) => toast.error(apiErrorText(t, error)),
            })
          }
        >
          {ping.isPending ? t('webhooks.pinging') : t('webhooks.ping')}
          <span className="sr-only"> {webhook.url}</span>
        </button>
        <ConfirmedDelete
          t={t}
          cancelLabel={t('dashboard.cancel')}
          remove={remove}
          variables={path}
          label={t('webhooks.remove')}
          name={webhook.url}
          title={t('webhooks.removeTitle', { url: webhook.url })}
          body={t('webhooks.removeBody')}
          pendingLabel={t('webhooks.removing')}
          done={t('webhooks.removed')}
        />
      </div>
    </li>
  );
}
