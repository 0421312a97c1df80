import { useApiQuery } from '../../lib/query/hooks.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { useAdmin } from './context.ts';
import { PagedTable } from './PagedTable.tsx';
import { SearchForm } from './SearchForm.tsx';
import { StatusPill } from './StatusPill.tsx';
import { button, compactInput, row, td } from '../ui/styles.ts';
import { pageFrom, useUrlState } from './url-state.ts';
import { useAdminAction } from './use-admin-action.ts';

interface PublisherPage {
  publishers: { id: string; name: string; status?: string; node_count: number }[];
  total: number;
  totalPages: number;
}

export function PublishersTable() {
  const { t, lang } = useAdmin();
  const [params, setParams] = useUrlState();
  const page = pageFrom(params);
  const search = params.get('search') ?? '';
  const status = params.get('status') ?? '';
  const query = useApiQuery<PublisherPage>('/admin/publishers', {
    page,
    limit: 20,
    ...(search ? { search } : {}),
    ...(status ? { status } : {}),
  });
  const { run, busy } = useAdminAction();
  const toggle = (id: string, banned: boolean) => {
    const verb = banned ? 'unban' : 'ban';
    if (!confirm(t(`admin.publishers.confirm.${verb}`, { id }))) return;
    void run(
      id,
      'POST',
      `/publishers/${encodeURIComponent(id)}/${verb}`,
      undefined,
      t(`admin.publishers.done.${verb}`, { id }),
    );
  };
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
                    onClick={() => toggle(p.id, banned)}
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
    </section>
  );
}
