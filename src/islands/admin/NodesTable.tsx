import { useId, useState } from 'react';
import { useApiQuery, type ApiWrite } from '../../lib/query/hooks.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { useAdmin } from './context.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { EditNodeDialog } from './EditNodeDialog.tsx';
import { NodeVersionsDialog } from './NodeVersionsDialog.tsx';
import type { AdminNode } from './node-types.ts';
import { PagedTable } from './PagedTable.tsx';
import { StatusPill } from './StatusPill.tsx';
import { button, compactInput, row, td } from '../ui/styles.ts';
import { pageFrom, useUrlState } from './url-state.ts';
import { UndoBar, type UndoTarget } from './UndoBar.tsx';
import { MalwareAdvisoryOffer } from '../admin-advisories/MalwareAdvisoryOffer.tsx';
import { useAdminAction } from './use-admin-action.ts';

// Each choice's value in the URL and the last part of its label's key.
const SORTS = [
  ['', 'newest'],
  ['name', 'name'],
  ['total_install;desc', 'total_installDesc'],
  ['last_updated;desc', 'last_updatedDesc'],
  ['created_at', 'created_at'],
] as const;
const STATUSES = [
  ['NodeStatusActive', 'Active'],
  ['NodeStatusBanned', 'Banned'],
  ['NodeStatusDeleted', 'Deleted'],
] as const;

/** Server-side search, filters, sorting and paging of every node, with the moderation actions. */
export function NodesTable() {
  const { t, lang } = useAdmin();
  const [params, setParams] = useUrlState();
  const [editing, setEditing] = useState<AdminNode | null>(null);
  const [versionsOf, setVersionsOf] = useState<AdminNode | null>(null);
  const ids = useId();
  const page = pageFrom(params);
  const filters = {
    search: params.get('search') ?? '',
    status: params.get('status') ?? '',
    publisher: params.get('publisher') ?? '',
    tag: params.get('tag') ?? '',
    sort: params.get('sort') ?? '',
  };
  const query = useApiQuery('/admin/nodes', {
    query: { page, limit: 20, ...Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) },
  });
  const { run, busy } = useAdminAction();

  // The weighty actions ask in the app's dialog (ban with a reason the publisher reads), then offer Undo.
  const [asking, setAsking] = useState<{ node: AdminNode; verb: 'ban' | 'unban' | 'unclaim' } | null>(null);
  const [undo, setUndo] = useState<UndoTarget | null>(null);
  // After a ban: the pack whose malware advisory is one click away (issue 30.1).
  const [offer, setOffer] = useState<string | null>(null);
  const nodePath = (node: AdminNode) => ({ path: { publisherId: node.publisher?.id ?? '', nodeId: node.id } });
  const unban = (node: AdminNode) => (write: ApiWrite) =>
    write('post', '/publishers/{publisherId}/nodes/{nodeId}/unban', { params: nodePath(node) });

  async function decide(reason: string) {
    if (!asking) return;
    const { node, verb } = asking;
    setAsking(null);
    if (verb === 'unclaim') {
      await run(
        node.id,
        (write) =>
          write('put', '/admin/nodes/{nodeId}', {
            params: { path: { nodeId: node.id } },
            body: { publisher: { id: 'unclaimed' } },
          }),
        t('admin.nodes.done.unclaim', { id: node.id }),
      );
      return;
    }
    const done = await run(
      node.id,
      verb === 'ban'
        ? (write) =>
            write('post', '/publishers/{publisherId}/nodes/{nodeId}/ban', { params: nodePath(node), body: { reason } })
        : unban(node),
      verb === 'ban' ? null : t('admin.nodes.done.unban', { id: node.id }),
    );
    if (done && verb === 'ban') {
      setUndo({ text: t('admin.nodes.done.ban', { id: node.id }), request: unban(node) });
      setOffer(node.id);
    }
  }

  return (
    <section aria-labelledby="admin-nodes-title" className="flex flex-col gap-4">
      <h2 id="admin-nodes-title" className="text-xl font-semibold">
        {t('admin.nodes.title')}
      </h2>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const patch: Record<string, string | null> = { page: null };
          for (const key of Object.keys(filters)) patch[key] = String(form.get(key) ?? '').trim() || null;
          setParams(patch);
        }}
      >
        <label htmlFor={`${ids}-q`} className="flex flex-col gap-1 text-sm">
          {t('admin.nodes.search')}
          <input id={`${ids}-q`} name="search" type="search" defaultValue={filters.search} className={compactInput} />
        </label>
        <label htmlFor={`${ids}-s`} className="flex flex-col gap-1 text-sm">
          {t('admin.nodes.status')}
          <select id={`${ids}-s`} name="status" defaultValue={filters.status} className={compactInput}>
            <option value="">{t('admin.nodes.anyStatus')}</option>
            {STATUSES.map(([value, word]) => (
              <option key={value} value={value}>
                {t(`admin.status.${word}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${ids}-p`} className="flex flex-col gap-1 text-sm">
          {t('admin.nodes.publisher')}
          <input id={`${ids}-p`} name="publisher" defaultValue={filters.publisher} className={compactInput} dir="ltr" />
        </label>
        <label htmlFor={`${ids}-t`} className="flex flex-col gap-1 text-sm">
          {t('admin.nodes.tag')}
          <input id={`${ids}-t`} name="tag" defaultValue={filters.tag} className={compactInput} dir="ltr" />
        </label>
        <label htmlFor={`${ids}-o`} className="flex flex-col gap-1 text-sm">
          {t('admin.nodes.sort')}
          <select id={`${ids}-o`} name="sort" defaultValue={filters.sort} className={compactInput}>
            {SORTS.map(([value, word]) => (
              <option key={value} value={value}>
                {t(`admin.nodes.sortBy.${word}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={button.primary}>
          {t('admin.filter')}
        </button>
      </form>
      <PagedTable
        query={query}
        page={page}
        onPage={(p) => setParams({ page: String(p) })}
        caption={(data) => t('admin.nodes.caption', { count: data.total })}
        columns={[
          { key: 'node', label: t('admin.nodes.col.node') },
          { key: 'publisher', label: t('admin.nodes.col.publisher') },
          { key: 'tags', label: t('admin.nodes.col.tags') },
          { key: 'ranking', label: t('admin.nodes.col.ranking') },
          { key: 'status', label: t('admin.nodes.col.status') },
          { key: 'actions', label: t('admin.nodes.col.actions') },
        ]}
      >
        {(data) =>
          data.nodes.map((node) => {
            const banned = node.status === 'NodeStatusBanned';
            return (
              <tr key={node.id} className={row} data-testid="admin-node-row">
                <td className={td}>
                  <a
                    className="font-medium text-brand-600 underline dark:text-brand-100"
                    href={localizedPath(lang, `/nodes/${node.id}`)}
                  >
                    {node.name}
                  </a>
                  <div className="text-xs text-slate-600 dark:text-slate-300" dir="ltr">
                    {node.id}
                  </div>
                </td>
                <td className={td} dir="ltr">
                  {node.publisher?.id}
                </td>
                <td className={td}>
                  <div className="flex flex-wrap gap-1">
                    {node.tags?.map((tag) => (
                      <span key={tag} className="rounded bg-slate-100 px-1.5 text-xs dark:bg-slate-800">
                        {tag}
                      </span>
                    ))}
                    {node.tags_admin?.map((tag) => (
                      <span
                        key={`admin-${tag}`}
                        className="rounded bg-red-100 px-1.5 text-xs text-red-900 dark:bg-red-900/60 dark:text-red-100"
                      >
                        {tag}
                      </span>
                    ))}
                  </div>
                </td>
                <td className={`${td} tabular-nums`}>{node.search_ranking ?? 0}</td>
                <td className={td}>{node.status && <StatusPill status={node.status} />}</td>
                <td className={td}>
                  {node.status !== 'NodeStatusDeleted' && (
                    <div className="flex flex-wrap gap-1">
                      <button type="button" className={button.secondary} onClick={() => setEditing(node)}>
                        {t('admin.nodes.edit')}
                        <span className="sr-only"> {node.id}</span>
                      </button>
                      {!banned && node.publisher && (
                        <button
                          type="button"
                          className={button.secondary}
                          onClick={() => setVersionsOf(node)}
                          data-testid="admin-node-versions"
                        >
                          {t('adminYank.versions')}
                          <span className="sr-only"> {node.id}</span>
                        </button>
                      )}
                      <button
                        type="button"
                        className={banned ? button.secondary : button.danger}
                        disabled={busy === node.id}
                        onClick={() => node.publisher && setAsking({ node, verb: banned ? 'unban' : 'ban' })}
                      >
                        {banned ? t('admin.nodes.unban') : t('admin.nodes.ban')}
                        <span className="sr-only"> {node.id}</span>
                      </button>
                      {node.publisher && node.publisher.id !== 'unclaimed' && (
                        <button
                          type="button"
                          className={button.secondary}
                          disabled={busy === node.id}
                          onClick={() => setAsking({ node, verb: 'unclaim' })}
                        >
                          {t('admin.nodes.unclaim')}
                          <span className="sr-only"> {node.id}</span>
                        </button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            );
          })
        }
      </PagedTable>
      {editing && <EditNodeDialog node={editing} onClose={() => setEditing(null)} />}
      {versionsOf && <NodeVersionsDialog node={versionsOf} onClose={() => setVersionsOf(null)} onUndoable={setUndo} />}
      <ConfirmDialog
        open={asking !== null}
        title={asking ? t(`admin.nodes.${asking.verb}Title`, { id: asking.node.id }) : ''}
        body={
          asking?.verb === 'ban'
            ? t('admin.nodes.banBody')
            : asking?.verb === 'unclaim'
              ? t('admin.nodes.confirm.unclaim', { id: asking.node.id, publisher: asking.node.publisher?.id ?? '' })
              : t('admin.nodes.confirm.unban', { id: asking?.node.id ?? '' })
        }
        confirmLabel={asking ? t(`admin.nodes.${asking.verb}Confirm`) : ''}
        cancelLabel={t('admin.cancel')}
        tone={asking?.verb === 'ban' ? 'danger' : 'primary'}
        pending={busy !== null}
        {...(asking?.verb === 'ban' ? { reason: { label: t('admin.nodes.banReason'), required: true } } : {})}
        onConfirm={(reason) => void decide(reason)}
        onClose={() => setAsking(null)}
      />
      <UndoBar target={undo} onDone={() => setUndo(null)} />
      {offer && <MalwareAdvisoryOffer nodeId={offer} onDone={() => setOffer(null)} />}
    </section>
  );
}
