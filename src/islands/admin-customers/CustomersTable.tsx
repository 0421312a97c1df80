import type { TFunction } from '../../i18n/translator.ts';
import type { ApiOk } from '../../lib/api/types.ts';

type Customer = ApiOk<'/customers', 'get'>['customers'][number];
import { formatDate } from '../../lib/format/format.ts';
import { formatMicros } from '../account/money.ts';
import { button, td, th } from '../ui/styles.ts';
import { TableHead } from '../ui/TableHead.tsx';

interface Props {
  t: TFunction;
  lang: string;
  customers: Customer[];
  selected: string;
  onOpen: (id: string) => void;
}

export function CustomersTable({ t, lang, customers, selected, onOpen }: Props) {
  return (
    // Scrolls sideways by itself on a phone; `relative` keeps screen-reader-only labels inside it.
    <div className="relative overflow-x-auto">
      <table className="w-full border-collapse" aria-labelledby="customers-heading" data-testid="customers-table">
        <TableHead
          className="border-b border-slate-200 dark:border-slate-700"
          columns={[
            { key: 'name', label: t('adminCustomers.name') },
            { key: 'email', label: t('adminCustomers.email') },
            { key: 'balance', label: t('adminCustomers.balance'), className: th.replace('text-start', 'text-end') },
            { key: 'created', label: t('adminCustomers.created') },
            { key: 'open', label: <span className="sr-only">{t('adminCustomers.open')}</span> },
          ]}
        />
        <tbody>
          {customers.map((customer) => (
            <tr
              key={customer.id}
              aria-current={customer.id === selected ? 'true' : undefined}
              className="border-b border-slate-100 last:border-0 aria-[current=true]:bg-brand-50 dark:border-slate-800 dark:aria-[current=true]:bg-slate-800"
            >
              <td className={td} dir="auto">
                {customer.name ?? '—'}
              </td>
              <td className={`${td} break-all`} dir="ltr">
                {customer.email ?? '—'}
              </td>
              <td className={`${td} text-end tabular-nums`}>{formatMicros(customer.balance_micros ?? 0, lang)}</td>
              <td className={`${td} whitespace-nowrap`}>{formatDate(customer.createdAt, lang, 'dateTime')}</td>
              <td className={`${td} text-end`}>
                <button
                  type="button"
                  className={button.secondary}
                  onClick={() => onOpen(customer.id)}
                  aria-label={`${t('adminCustomers.open')}: ${customer.name ?? customer.email ?? customer.id}`}
                  data-testid="open-customer"
                >
                  {t('adminCustomers.open')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
