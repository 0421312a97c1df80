import { useId } from 'react';
import { formatDate } from '../../lib/format/format.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { AuditTarget } from './AuditTarget.tsx';
import { useAdmin } from './context.ts';
import { PagedTable } from './PagedTable.tsx';
import { button, compactInput, muted, row, td } from '../ui/styles.ts';
import { pageFrom, useUrlState } from './url-state.ts';
import { useAdminAction } from './use-admin-action.ts';

const FILTERS = ['actor', 'action', 'target_type', 'target_id', 'from', 'to'] as const;

/** Who did what, before and after; your own undoable entries can be undone from here. */
export function AuditLog() {
  const { t, lang, userId } = useAdmin();
  const ids = useId();
  const [params, setParams] = useUrlState();
  const page = pageFrom(params);
  const filters = Object.fromEntries(FILTERS.map((key) => [key, params.get(key) ?? '']));
  const query = useApiQuery('/admin/audit-log', {
    query: { page, limit: 25, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) },
  });
  const { run, busy } = useAdminAction();
  return (
    <section aria-labelledby="admin-audit-title" className="flex flex-col gap-4">
      <h2 id="admin-audit-title" className="text-xl font-semibold">
        {t('admin.audit.title')}
      </h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          setParams({ page: null, ...Object.fromEntries(FILTERS.map((k) => [k, String(form.get(k) ?? '').trim()])) });
        }}
      >
        {FILTERS.map((key) => (
          <label key={key} htmlFor={`${ids}-${key}`} className="flex flex-col gap-1 text-sm">
            {t(`admin.audit.filter.${key}`)}
            <input
              id={`${ids}-${key}`}
              name={key}
              type={key === 'from' || key === 'to' ? 'date' : 'text'}
              defaultValue={filters[key]}
              className={compactInput}
              dir="ltr"
            />
          </label>
        ))}
        <button type="submit" className={button.primary}>
          {t('admin.filter')}
        </button>
      </form>
      <PagedTable
        query={query}
        page={page}
        onPage={(n) => setParams({ page: String(n) })}
        caption={(data) => t('admin.audit.caption', { count: data.total })}
        columns={[
          { key: 'when', label: t('admin.audit.col.when') },
          { key: 'actor', label: t('admin.audit.col.actor') },
          { key: 'action', label: t('admin.audit.col.action') },
          { key: 'target', label: t('admin.audit.col.target') },
          { key: 'change', label: t('admin.audit.col.change') },
          { key: 'actions', label: <span className="sr-only">{t('admin.nodes.col.actions')}</span> },
        ]}
      >
        {(data) =>
          data.entries.map((entry) => (
            <tr key={entry.id} className={row} data-testid="audit-row">
              <td className={`${td} whitespace-nowrap`}>{formatDate(entry.created_at, lang, 'dateTime')}</td>
              <td className={td} dir="ltr">
                {entry.actor.email ?? entry.actor.id ?? entry.actor.kind}
              </td>
              <td className={td}>
                <code dir="ltr">{entry.action}</code>
              </td>
              <td className={td}>
                <AuditTarget entry={entry} />
              </td>
              <td className={td}>
                <details>
                  <summary className="cursor-pointer focus-visible:outline-2">{t('admin.audit.show')}</summary>
                  <pre dir="ltr" className="mt-1 max-w-md overflow-x-auto text-start text-xs">
                    {JSON.stringify({ before: entry.before, after: entry.after }, null, 2)}
                  </pre>
                </details>
              </td>
              <td className={td}>
                {entry.undone ? (
                  <span className={muted}>{t('admin.audit.undone')}</span>
                ) : (
                  entry.undoable &&
                  entry.actor.id === userId && (
                    <button
                      type="button"
                      className={button.secondary}
                      disabled={busy === String(entry.id)}
                      onClick={() =>
                        void run(
                          String(entry.id),
                          (write) => write('post', '/admin/undo', { body: { entry_ids: [entry.id] } }),
                          t('admin.undo.done'),
                        )
                      }
                    >
                      {t('admin.undo.button')}
                      <span className="sr-only">
                        {' '}
                        {entry.action} {entry.target_id}
                      </span>
                    </button>
                  )
                )}
              </td>
            </tr>
          ))
        }
      </PagedTable>
    </section>
  );
}
