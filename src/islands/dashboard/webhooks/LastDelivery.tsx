import type { PlainKey } from '../../../i18n/message-keys.ts';
import { formatDate } from '../../../lib/format/format.ts';
import type { StatusTone } from '../../../lib/dashboard/version-status.ts';
import { muted } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import type { WebhookDelivery } from './types.ts';

const TONES: Record<WebhookDelivery['status'], StatusTone> = { succeeded: 'ok', pending: 'warn', failed: 'bad' };

/** Pending before its first attempt is queued; after one, it is being retried. */
const statusKey = ({ status, attempts }: WebhookDelivery): PlainKey =>
  status === 'pending' && attempts === 0 ? 'webhooks.status.queued' : `webhooks.status.${status}`;

/** How the endpoint's most recent delivery went: delivered, retrying or failed, with the answer. */
export function LastDelivery({ delivery }: { delivery: WebhookDelivery | null }) {
  const { t, lang } = useDashboard();
  if (!delivery) return <p className={muted}>{t('webhooks.noDeliveries')}</p>;
  const when = delivery.attempted_at ?? delivery.created_at;
  return (
    <p className={`${muted} flex flex-wrap items-center gap-x-2 gap-y-1`} data-testid="webhook-last-delivery">
      <StatusBadge tone={delivery.attempts === 0 ? 'wait' : TONES[delivery.status]} label={t(statusKey(delivery))} />
      <span>
        {t('webhooks.lastDelivery', { event: delivery.event_type, date: formatDate(when, lang, 'dateTime') })}
      </span>
      {delivery.response_status !== null && (
        <span>{t('webhooks.httpStatus', { status: delivery.response_status })}</span>
      )}
      {delivery.error && delivery.response_status === null && (
        // The server's error text is English and technical: the list says which kind it was.
        <span>{t(delivery.error.startsWith('refused') ? 'webhooks.refused' : 'webhooks.noAnswer')}</span>
      )}
    </p>
  );
}
