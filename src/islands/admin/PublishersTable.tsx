import { useState } from 'react';
import { useApiQuery, type ApiWrite } from '../../lib/query/hooks.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { useAdmin } from './context.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { PagedTable } from './PagedTable.tsx';
import { SearchForm } from './SearchForm.tsx';
import { StatusPill } from './StatusPill.tsx';
import { button, compactInput, row, td } from '../ui/styles.ts';
import { pageFrom, useUrlState } from './url-state.ts';
import { UndoBar, type UndoTarget } from './UndoBar.tsx';
import { useAdminAction } from './use-admin-action.ts';

/** The statuses the filter offers (an unknown value in the address filters nothing). */
const PUBLISHER_STATUSES = ['PublisherStatusActive', 'PublisherStatusBanned'] as const;

export function PublishersTable() {
  const { t, lang } = useAdmin();
  const [params, setParams] = useUrlState();
  const page = pageFrom(params);
  const search = params.get('search') ?? '';
  const status = PUBLISHER_STATUSES.find((value) => value === params.get('status')) ?? '';
  const query = useApiQuery('/admin/publishers', {
    query: { page, limit: 20, ...(search ? { search } : {}), ...(status ? { status: [status] } : {}) },
  });
  const { run, busy } = useAdminAction();
  // Banning takes down every active node of the publisher, so it asks in the app's dialog for a reason (kept in the
  // audit entry) and then offers Undo; unbanning only asks.
  const [asking, setAsking] = useState<{ id: string; verb: 'ban' | 'unban' } | null>(null);
  const [undo, setUndo] = useState<UndoTarget | null>(null);
  const unban = (id: string) => (write: ApiWrite) =>
    write('post', '/publishers/{publisherId}/unban', { params: { path: { publisherId: id } } });
  async function decide(reason: string) {
    if (!asking) return;
    const { id, verb } = asking;
    setAsking(null);
    const done = await run(
      id,
      verb === 'ban'
        ? (write) =>
            write('post', '/publishers/{publisherId}/ban', { params: { path: { publisherId: id } }, body: { reason } })
        : unban(id),
      verb === 'ban' ? null : t('admin.publishers.done.unban', { id }),
    );
    if (done && verb === 'ban') {
      setUndo({ text: t('admin.publishers.done.ban', { id }), request: unban(id) });
    }
  }
  return (
    <section aria-labelledby="admin-publishers-title" className="flex flex-col gap-4">
      <h2 id="admin-publishers-title" className="text-xl font-semibold">
        {t('admin.publishers.title')}
      </h2>
      <SearchForm
        label={t('admin.publishers.search')}
        value={search}
        onSearch={(value, form) => setParams({ search: value, status: String(form.get('status') ?? ''), page: null })}
      >
        <label className="flex flex-col gap-1 text-sm">
          {t('admin.nodes.status')}
          <select name="status" defaultValue={status} className={compactInput}>
            <option value="">{t('admin.nodes.anyStatus')}</option>
            <option value="PublisherStatusActive">{t('admin.status.Active')}</option>
            <option value="PublisherStatusBanned">{t('admin.status.Banned')}</option>
          </select>
        </label>
      </SearchForm>
      <PagedTable
        query={query}
        page={page}
        onPage={(n) => setParams({ page: String(n) })}
        caption={(data) => t('admin.publishers.caption', { count: data.total })}
        columns={[
          { key: 'publisher', label: t('admin.publishers.col.publisher') },
          { key: 'nodes', label: t('admin.publishers.col.nodes') },
          { key: 'status', label: t('admin.nodes.col.status') },
          { key: 'actions', label: t('admin.nodes.col.actions') },
        ]}
      >
        {(data) =>
          data.publishers.map((p) => {
            const banned = p.status === 'PublisherStatusBanned';
            return (
              <tr key={p.id} className={row}>
                <td className={td}>
                  <a
                    className="font-medium text-brand-600 underline dark:text-brand-100"
                    href={localizedPath(lang, `/publishers/${p.id}`)}
                  >
                    {p.name}
                  </a>
                  <div className="text-xs text-slate-600 dark:text-slate-300" dir="ltr">
                    {p.id}
                  </div>
                </td>
                <td className={`${td} tabular-nums`}>{p.node_count}</td>
                <td className={td}>{p.status && <StatusPill status={p.status} />}</td>
                <td className={td}>
                  <button
                    type="button"
                    className={banned ? button.secondary : button.danger}
                    disabled={busy === p.id}
                    onClick={() => setAsking({ id: p.id, verb: banned ? 'unban' : 'ban' })}
                  >
                    {banned ? t('admin.nodes.unban') : t('admin.nodes.ban')}
                    <span className="sr-only"> {p.id}</span>
                  </button>
                </td>
              </tr>
            );
          })
        }
      </PagedTable>
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`admin.publishers.${asking.verb}Title`, { id: asking.id }) : ''}
        body={asking ? t(`admin.publishers.${asking.verb}Body`) : ''}
        confirmLabel={asking ? t(`admin.publishers.${asking.verb}Confirm`) : ''}
        cancelLabel={t('admin.cancel')}
        tone={asking?.verb === 'ban' ? 'danger' : 'primary'}
        pending={busy !== null}
        {...(asking?.verb === 'ban' ? { reason: { label: t('admin.publishers.banReason'), required: true } } : {})}
        onConfirm={(reason) => void decide(reason)}
        onClose={() => setAsking(null)}
      />
      <UndoBar target={undo} onDone={() => setUndo(null)} />
    </section>
  );
}
