import type { TFunction } from '../../i18n/translator.ts';
import type { CustomerEvent } from './api-types.ts';
import { formatMicros } from './money.ts';

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A one-line, translated summary of an event's params. */
export function eventDetails(event: CustomerEvent, t: TFunction, lang: string): string {
  const params = event.params ?? {};
  switch (event.event_type) {
    case 'api_usage':
      return t('account.events.usage', {
        vendor: text(params['vendor']),
        path: text(params['path']),
        status: text(params['status']),
      });
    case 'credit_granted':
    case 'credit_deducted':
      return t('account.events.credit', {
        amount: formatMicros(Math.abs(Number(params['amount_micros'] ?? 0)), lang),
        reason: text(params['reason']),
      });
    case 'api_key_created':
    case 'api_key_deleted':
      return text(params['name']);
    default:
      return '';
  }
}

/** The translated name of an event type (the raw type for ones this page does not know). */
export function eventTypeLabel(type: string | undefined, t: TFunction): string {
  if (!type) return '';
  return t(`account.events.types.${type}`, { defaultValue: type });
}
