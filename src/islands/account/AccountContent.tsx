import { apiErrorText } from '../../lib/api/error-text.ts';
import { useEffect } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { isLastingRefusal } from '../../lib/api/refusal.ts';
import { apiKey, useApiMutation, useApiQuery } from '../../lib/query/hooks.ts';
import { ApiKeysSection } from './ApiKeysSection.tsx';
import { BalanceCard } from './BalanceCard.tsx';
import { EventsList } from './EventsList.tsx';
import { accountFailureText } from './failure-text.ts';
import { button, card, muted } from '../ui/styles.ts';

/**
 * The signed-in user's account. A first visit creates the customer record (POST /customers is
 * idempotent), so there is nothing to "sign up for" separately.
 */
export function AccountContent({ t, lang }: { t: TFunction; lang: string }) {
  const me = useApiQuery('/customers/me');
  const create = useApiMutation('post', '/customers', {
    invalidates: [apiKey('/customers/me'), apiKey('/customers/balance'), apiKey('/customers/events')],
  });
  const missing = me.error?.status === 404;
  const { mutate, isIdle } = create;
  useEffect(() => {
    if (missing && isIdle) mutate({});
  }, [missing, isIdle, mutate]);

  // A banned account cannot get a record: say so, with no "Try again" that would be refused again.
  if (create.isError && isLastingRefusal(create.error)) {
    return (
      <p role="alert" className={card} data-testid="account-refused">
        {apiErrorText(t, create.error)}
      </p>
    );
  }
  if (create.isError) {
    return (
      <div className={card} role="alert">
        <p>{t('account.setupFailed', { error: apiErrorText(t, create.error) })}</p>
        <button type="button" className={`${button.secondary} mt-3`} onClick={() => create.mutate({})}>
          {t('account.retry')}
        </button>
      </div>
    );
  }
  // The API is down or failing: say so, with a way to try again, from the first failed attempt (the
  // query keeps retrying meanwhile), never "Setting up your account…" with no end. A refusal that
  // asking again cannot change (a banned account) gets no button.
  const failure = me.isError ? me.error : me.failureCount > 0 ? me.failureReason : null;
  if (failure && !missing) {
    return (
      <div className={card} role="alert" data-testid="account-load-error">
        <p className="text-red-700 dark:text-red-300">{accountFailureText(t, failure)}</p>
        {!isLastingRefusal(failure) && (
          <button
            type="button"
            className={`${button.secondary} mt-3`}
            onClick={() => void me.refetch({ cancelRefetch: true })}
          >
            {t('account.retry')}
          </button>
        )}
      </div>
    );
  }
  if (!me.data) return <p className={muted}>{t('account.settingUp')}</p>;

  return (
    <div className="flex flex-col gap-6" data-testid="account-content">
      <BalanceCard t={t} lang={lang} />
      <ApiKeysSection t={t} lang={lang} />
      <section className={card} aria-labelledby="account-events-heading" data-testid="events">
        <h2 id="account-events-heading" className="mb-3 text-xl font-semibold">
          {t('account.events.heading')}
        </h2>
        <EventsList t={t} lang={lang} headingId="account-events-heading" />
      </section>
    </div>
  );
}
