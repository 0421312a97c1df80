import type { TFunction } from '../../i18n/translator.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { formatMicros } from './money.ts';
import { card, muted } from '../ui/styles.ts';

export function BalanceCard({ t, lang }: { t: TFunction; lang: string }) {
  const balance = useApiQuery('/customers/balance');
  return (
    <section className={card} aria-labelledby="account-balance-heading" data-testid="balance">
      <h2 id="account-balance-heading" className="text-xl font-semibold">
        {t('account.balance.heading')}
      </h2>
      <p className="mt-2 text-3xl font-bold tabular-nums" data-testid="balance-amount" aria-live="polite">
        {balance.data
          ? formatMicros(balance.data.amount_micros, lang)
          : balance.isError
            ? '—'
            : t('account.balance.loading')}
      </p>
      <p className={`mt-1 ${muted}`}>{t('account.balance.note')}</p>
    </section>
  );
}
