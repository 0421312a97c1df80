import { useId, useState } from 'react';
import { apiErrorText } from '../../lib/api/error-text.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { apiKey, useApiMutation } from '../../lib/query/hooks.ts';
import { formatMicros, usdToMicros } from '../account/money.ts';
import { button, input, label, muted } from '../ui/styles.ts';
import { toast } from '../toast/index.ts';

interface Props {
  t: TFunction;
  lang: string;
  customerId: string;
}

/** Grant or deduct credits with a reason (the server audits it and refuses overdrafts). */
export function CreditForm({ t, lang, customerId }: Props) {
  const [direction, setDirection] = useState<'grant' | 'deduct'>('grant');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const ids = { amount: useId(), hint: useId(), reason: useId(), error: useId() };
  const path = { customer_id: customerId };
  const adjust = useApiMutation('post', '/admin/customers/{customer_id}/credits', {
    invalidates: [
      apiKey('/customers'),
      apiKey('/customers/{customer_id}/balance', { path }),
      apiKey('/customers/{customer_id}/events', { path }),
    ],
  });
  const micros = usdToMicros(amount);
  const amountInvalid = touched && (micros === null || micros === 0);

  return (
    <form
      className="flex flex-col gap-3"
      aria-labelledby="credit-form-heading"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!micros || !reason.trim()) return;
        adjust.mutate(
          {
            params: { path },
            body: { amount_micros: direction === 'grant' ? micros : -micros, reason: reason.trim() },
          },
          {
            onSuccess: ({ balance }) => {
              toast.success(t('adminCustomers.credit.done', { balance: formatMicros(balance.amount_micros, lang) }));
              setAmount('');
              setReason('');
              setTouched(false);
            },
            onError: (error) => toast.error(apiErrorText(t, error)),
          },
        );
      }}
      data-testid="credit-form"
    >
      <h3 id="credit-form-heading" className="text-lg font-semibold">
        {t('adminCustomers.credit.heading')}
      </h3>
      <fieldset className="flex flex-wrap gap-4">
        <legend className={label}>{t('adminCustomers.credit.direction')}</legend>
        {(['grant', 'deduct'] as const).map((value) => (
          <label key={value} className="inline-flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="credit-direction"
              value={value}
              checked={direction === value}
              onChange={() => setDirection(value)}
              className="h-4 w-4 accent-brand-600"
            />
            {t(`adminCustomers.credit.${value}`)}
          </label>
        ))}
      </fieldset>
      <div>
        <label htmlFor={ids.amount} className={label}>
          {t('adminCustomers.credit.amount')}
        </label>
        <input
          id={ids.amount}
          name="credit-amount"
          inputMode="decimal"
          dir="ltr"
          className={`${input} max-w-xs`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          onBlur={() => setTouched(true)}
          aria-invalid={amountInvalid}
          aria-describedby={amountInvalid ? `${ids.hint} ${ids.error}` : ids.hint}
          required
        />
        <p id={ids.hint} className={`mt-1 ${muted}`}>
          {t('adminCustomers.credit.amountHint')}
        </p>
        {amountInvalid && (
          <p id={ids.error} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {t('adminCustomers.credit.amountInvalid')}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={ids.reason} className={label}>
          {t('adminCustomers.credit.reason')}
        </label>
        <input
          id={ids.reason}
          name="credit-reason"
          className={input}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          maxLength={500}
        />
      </div>
      <div>
        <button type="submit" className={button.primary} disabled={adjust.isPending || !reason.trim() || !amount}>
          {adjust.isPending ? t('adminCustomers.credit.submitting') : t('adminCustomers.credit.submit')}
        </button>
      </div>
    </form>
  );
}
