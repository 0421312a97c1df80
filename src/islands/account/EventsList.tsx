import { useId, useState } from 'react';
import { apiErrorText } from '../../lib/api/error-text.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { EVENT_TYPES } from './api-types.ts';
import { eventDetails, eventTypeLabel } from './event-details.ts';
import { formatDate } from '../../lib/format/format.ts';
import { Pagination } from '../ui/Pagination.tsx';
import { input, label, muted, td, th } from '../ui/styles.ts';

interface Props {
  t: TFunction;
  lang: string;
  /** Whose events an admin is looking at (GET /customers/{id}/events); absent: the caller's own. */
  customerId?: string | undefined;
  headingId: string;
}

const PAGE_SIZE = 10;

/** A customer's events, newest first, filterable by type, ten per page. */
export function EventsList({ t, lang, customerId, headingId }: Props) {
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState('');
  const filterId = useId();
  const query = { page: String(page), limit: String(PAGE_SIZE), ...(filter ? { filter } : {}) };
  const own = useApiQuery('/customers/events', { query }, { enabled: customerId === undefined });
  const theirs = useApiQuery(
    '/customers/{customer_id}/events',
    { path: { customer_id: customerId ?? '' }, query },
    { enabled: customerId !== undefined },
  );
  const events = customerId === undefined ? own : theirs;
  const data = events.data;

  return (
    <div className="flex flex-col gap-3">
      <div className="max-w-xs">
        <label htmlFor={filterId} className={label}>
          {t('account.events.filter')}
        </label>
        <select
          id={filterId}
          className={input}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(1);
          }}
          data-testid="events-filter"
        >
          <option value="">{t('account.events.all')}</option>
          {EVENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {eventTypeLabel(type, t)}
            </option>
          ))}
        </select>
      </div>
      {events.isPending && <p className={muted}>{t('account.events.loading')}</p>}
      {events.isError && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t('account.error', { error: apiErrorText(t, events.error) })}
        </p>
      )}
      {data && data.events.length === 0 && <p className={muted}>{t('account.events.empty')}</p>}
      {data && data.events.length > 0 && (
        // On a phone the table scrolls sideways in here; it holds nothing focusable, so the box itself
        // takes focus (keyboard scrolling) and is named after the section for screen readers: a group, not a
        // second region landmark with the section's name (axe landmark-unique).
        <div className="relative overflow-x-auto" tabIndex={0} role="group" aria-labelledby={headingId}>
          <table className="w-full border-collapse" aria-labelledby={headingId} data-testid="events-table">
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                <th scope="col" className={th}>
                  {t('account.events.when')}
                </th>
                <th scope="col" className={th}>
                  {t('account.events.type')}
                </th>
                <th scope="col" className={th}>
                  {t('account.events.details')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.events.map((event) => (
                <tr key={event.event_id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                  <td className={`${td} whitespace-nowrap`}>{formatDate(event.createdAt, lang, 'dateTime')}</td>
                  <td className={td}>{eventTypeLabel(event.event_type, t)}</td>
                  <td className={`${td} break-all`} dir="auto">
                    {eventDetails(event, t, lang)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          onPage={setPage}
          label={t('account.events.heading')}
          previousLabel={t('account.events.previous')}
          nextLabel={t('account.events.next')}
          status={t('account.events.pageOf', { page: data.page, pages: data.totalPages })}
        />
      )}
    </div>
  );
}
