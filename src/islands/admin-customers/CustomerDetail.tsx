import type { TFunction } from '../../i18n/translator.ts';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { EventsList } from '../account/EventsList.tsx';
import { formatMicros } from '../account/money.ts';
import { button, card, muted } from '../ui/styles.ts';
import { CreditForm } from './CreditForm.tsx';

interface Props {
  t: TFunction;
  lang: string;
  customerId: string;
  onClose: () => void;
}

/** One customer: who, balance, the credit form and their events. */
export function CustomerDetail({ t, lang, customerId, onClose }: Props) {
  const path = { customer_id: customerId };
  const customer = useApiQuery('/customers/{customer_id}', { path });
  const balance = useApiQuery('/customers/{customer_id}/balance', { path });
  const who = customer.data?.customer;
  const title = who?.name ?? who?.email ?? customerId;
  return (
    <section className={card} aria-labelledby="customer-detail-heading" data-testid="customer-detail">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="customer-detail-heading" className="text-xl font-semibold" dir="auto">
            {t('adminCustomers.selected', { name: title })}
          </h2>
          {who?.email && (
            <p className={muted} dir="ltr">
              {who.email}
            </p>
          )}
          <p className={`${muted} font-mono text-xs`} dir="ltr">
            {customerId}
          </p>
        </div>
        <button type="button" className={button.secondary} onClick={onClose}>
          {t('adminCustomers.close')}
        </button>
      </div>
      {customer.isError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
          {t('account.error', { error: apiErrorText(t, customer.error) })}
        </p>
      )}
      <p className="mt-4 text-sm font-medium">{t('adminCustomers.balance')}</p>
      <p className="text-3xl font-bold tabular-nums" data-testid="customer-balance" aria-live="polite">
        {balance.data ? formatMicros(balance.data.amount_micros, lang) : '…'}
      </p>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,20rem)_1fr]">
        <CreditForm t={t} lang={lang} customerId={customerId} />
        <div>
          <h3 id="customer-events-heading" className="mb-3 text-lg font-semibold">
            {t('account.events.heading')}
          </h3>
          <EventsList t={t} lang={lang} customerId={customerId} headingId="customer-events-heading" />
        </div>
      </div>
    </section>
  );
}
