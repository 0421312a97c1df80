import { useEffect, useId, useState } from 'react';
import { apiErrorText } from '../../lib/api/error-text.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { Pagination } from '../ui/Pagination.tsx';
import { button, card, input, label, muted } from '../ui/styles.ts';
import { CustomerDetail } from './CustomerDetail.tsx';
import { CustomersTable } from './CustomersTable.tsx';
import { readView, viewSearch, type CustomersView } from './url-state.ts';

const PAGE_SIZE = 20;

/** Search customers, open one: balance, events and the credit form. */
export function CustomersAdmin({ t, lang }: { t: TFunction; lang: string }) {
  const [view, setView] = useState<CustomersView>(() => readView(location.search));
  const [draft, setDraft] = useState({ email: view.email, name: view.name });
  const ids = { email: useId(), name: useId() };
  useEffect(() => {
    history.replaceState(history.state, '', `${location.pathname}${viewSearch(view)}`);
  }, [view]);
  const query = {
    page: String(view.page),
    limit: String(PAGE_SIZE),
    ...(view.email ? { email: view.email } : {}),
    ...(view.name ? { name: view.name } : {}),
  };
  const customers = useApiQuery('/customers', { query });

  return (
    <div className="flex flex-col gap-6">
      <section className={card} aria-labelledby="customers-heading">
        <h2 id="customers-heading" className="text-xl font-semibold">
          {t('adminCustomers.heading')}
        </h2>
        <form
          role="search"
          className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            setView({ ...view, email: draft.email.trim(), name: draft.name.trim(), page: 1 });
          }}
        >
          <div>
            <label htmlFor={ids.email} className={label}>
              {t('adminCustomers.searchEmail')}
            </label>
            <input
              id={ids.email}
              name="email"
              type="search"
              className={input}
              value={draft.email}
              onChange={(event) => setDraft({ ...draft, email: event.target.value })}
            />
          </div>
          <div>
            <label htmlFor={ids.name} className={label}>
              {t('adminCustomers.searchName')}
            </label>
            <input
              id={ids.name}
              name="name"
              type="search"
              className={input}
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.target.value })}
            />
          </div>
          <button type="submit" className={button.primary}>
            {t('adminCustomers.search')}
          </button>
          <button
            type="button"
            className={button.secondary}
            onClick={() => {
              setDraft({ email: '', name: '' });
              setView({ ...view, email: '', name: '', page: 1 });
            }}
          >
            {t('adminCustomers.clear')}
          </button>
        </form>
        <div className="mt-4 flex flex-col gap-3">
          {customers.isError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t('account.error', { error: apiErrorText(t, customers.error) })}
            </p>
          )}
          {customers.data && (
            <p className={muted} aria-live="polite">
              {t('adminCustomers.results', { count: customers.data.total })}
            </p>
          )}
          {customers.data && customers.data.customers.length === 0 && (
            <p className={muted}>{t('adminCustomers.empty')}</p>
          )}
          {customers.data && customers.data.customers.length > 0 && (
            <CustomersTable
              t={t}
              lang={lang}
              customers={customers.data.customers}
              selected={view.customer}
              onOpen={(id) => setView({ ...view, customer: id })}
            />
          )}
          {customers.data && (
            <Pagination
              page={customers.data.page}
              totalPages={customers.data.totalPages}
              onPage={(page) => setView({ ...view, page })}
              label={t('adminCustomers.heading')}
              previousLabel={t('account.events.previous')}
              nextLabel={t('account.events.next')}
              status={t('account.events.pageOf', { page: customers.data.page, pages: customers.data.totalPages })}
            />
          )}
        </div>
      </section>
      {view.customer && (
        <CustomerDetail
          key={view.customer}
          t={t}
          lang={lang}
          customerId={view.customer}
          onClose={() => setView({ ...view, customer: '' })}
        />
      )}
    </div>
  );
}
