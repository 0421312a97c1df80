import { useId, useState } from 'react';
import type { VersionStatus } from '../../lib/dashboard/api-types.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { useAdmin } from './context.ts';
import { AdminPagination } from './AdminPagination.tsx';
import { QueryStatus } from './QueryStatus.tsx';
import { ReviewItem } from './ReviewItem.tsx';
import { hasCriticalFindings, versionLabel, type Decision } from './review-types.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { button, compactInput, muted } from '../ui/styles.ts';
import { UndoBar, type UndoTarget } from './UndoBar.tsx';
import { pageFrom, useUrlState } from './url-state.ts';
import { useReview } from './use-review.ts';

const VERSION_STATUSES: readonly string[] = [
  'NodeVersionStatusActive',
  'NodeVersionStatusDeleted',
  'NodeVersionStatusBanned',
  'NodeVersionStatusPending',
  'NodeVersionStatusFlagged',
] satisfies VersionStatus[];

/** A status from the address the API knows (anything else is left out of the request). */
function isVersionStatus(value: string): value is VersionStatus {
  return VERSION_STATUSES.includes(value);
}

const FILTERS = [
  { id: 'all', statuses: [] as string[] },
  { id: 'flagged', statuses: ['NodeVersionStatusFlagged'] },
  { id: 'pending', statuses: ['NodeVersionStatusPending'] },
] as const;

/** Pending and Flagged versions with their findings; single and batch decisions, each undoable. */
export function ReviewQueue() {
  const { t } = useAdmin();
  const [params, setParams] = useUrlState();
  const [undo, setUndo] = useState<UndoTarget | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [batchReason, setBatchReason] = useState('');
  const nodeFilterId = useId();
  const batchReasonId = useId();
  const statuses = params.getAll('statuses').filter(isVersionStatus);
  const page = pageFrom(params);
  const nodeId = params.get('nodeId') ?? '';
  const query = useApiQuery('/admin/review-queue', {
    query: { page, limit: 10, statuses, ...(nodeId ? { nodeId } : {}) },
  });
  const { review, busy } = useReview(setUndo);
  const items = query.data?.items ?? [];
  const current = FILTERS.find((f) => f.statuses.join() === statuses.join())?.id;

  const [confirmingBatch, setConfirmingBatch] = useState(false);
  const [confirmingBatchBan, setConfirmingBatchBan] = useState(false);
  const criticalSelected = items.filter((item) => selected.has(item.version.id) && hasCriticalFindings(item));
  const labelOf = (item: (typeof items)[number]) => t('modPolish.audit.version', versionLabel(item));
  const selectedNames = items
    .filter((item) => selected.has(item.version.id))
    .map(labelOf)
    .join(', ');
  async function batch(decision: Decision, given = batchReason.trim()) {
    if (decision === 'approve' && criticalSelected.length > 0 && !confirmingBatch) {
      setConfirmingBatch(true);
      return;
    }
    setConfirmingBatch(false);
    setConfirmingBatchBan(false);
    const ids = [...selected];
    const done = t(`modPolish.review.batchDone.${decision}`, { names: selectedNames });
    if (await review(decision, ids, given || t(`admin.review.defaultReason.${decision}`), done)) {
      setSelected(new Set());
      setBatchReason('');
    }
  }
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section aria-labelledby="admin-review-title" className="flex flex-col gap-4 pb-24">
      <h2 id="admin-review-title" className="text-xl font-semibold">
        {t('admin.review.title')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <div role="group" aria-label={t('admin.review.statusFilter')} className="flex gap-1">
          {FILTERS.map((filter) => (
            <button
              key={filter.id}
              type="button"
              aria-pressed={current === filter.id}
              className={current === filter.id ? button.primary : button.secondary}
              onClick={() => setParams({ statuses: [...filter.statuses], page: null })}
            >
              {t(`admin.review.filter.${filter.id}`)}
            </button>
          ))}
        </div>
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const value = new FormData(event.currentTarget).get('nodeId');
            setParams({ nodeId: typeof value === 'string' ? value.trim() : null, page: null });
          }}
        >
          <label htmlFor={nodeFilterId} className="flex flex-col gap-1 text-sm">
            {t('admin.review.nodeFilter')}
            <input id={nodeFilterId} name="nodeId" className={compactInput} defaultValue={nodeId} dir="ltr" />
          </label>
          <button type="submit" className={button.secondary}>
            {t('admin.filter')}
          </button>
        </form>
      </div>
      <QueryStatus query={query} />
      {query.data && items.length === 0 && <p className={muted}>{t('admin.review.empty')}</p>}
      {items.length > 0 && (
        <div className="flex flex-wrap items-end gap-2 rounded-xl bg-slate-100 p-3 dark:bg-slate-800/60">
          <button
            type="button"
            className={button.secondary}
            onClick={() =>
              setSelected(selected.size === items.length ? new Set() : new Set(items.map((i) => i.version.id)))
            }
          >
            {selected.size === items.length ? t('admin.review.selectNone') : t('admin.review.selectAll')}
          </button>
          <span className={muted} aria-live="polite">
            {t('admin.review.selected', { count: selected.size })}
          </span>
          {selected.size > 0 && (
            <>
              <label htmlFor={batchReasonId} className="flex min-w-56 flex-1 flex-col gap-1 text-sm">
                {t('admin.review.batchReason')}
                <input
                  id={batchReasonId}
                  className={compactInput}
                  value={batchReason}
                  onChange={(e) => setBatchReason(e.target.value)}
                />
              </label>
              <button type="button" className={button.success} disabled={busy} onClick={() => void batch('approve')}>
                {t('admin.review.batchApprove')}
              </button>
              <button type="button" className={button.warn} disabled={busy} onClick={() => void batch('flag')}>
                {t('admin.review.batchFlag')}
              </button>
              <button
                type="button"
                className={button.danger}
                disabled={busy}
                onClick={() => setConfirmingBatchBan(true)}
              >
                {t('admin.review.batchBan')}
              </button>
            </>
          )}
        </div>
      )}
      {items.map((item) => (
        <ReviewItem
          key={item.version.id}
          item={item}
          busy={busy}
          selected={selected.has(item.version.id)}
          onSelect={(on) => toggle(item.version.id, on)}
          onReview={(decision, reason) =>
            review(decision, [item.version.id], reason, t(`modPolish.review.done.${decision}`, versionLabel(item)))
          }
        />
      ))}
      <AdminPagination list={query.data} page={page} onPage={(p) => setParams({ page: String(p) })} />
      <ConfirmDialog
        open={confirmingBatch}
        title={t('admin.review.criticalTitle', {
          name: criticalSelected.map((item) => `${item.node.id}@${item.version.version}`).join(', '),
        })}
        body={t('admin.review.criticalBody')}
        confirmLabel={t('admin.review.criticalConfirm')}
        cancelLabel={t('admin.cancel')}
        tone="warn"
        pending={busy}
        reason={{ label: t('admin.review.criticalReason'), required: true }}
        onConfirm={(given) => void batch('approve', given)}
        onClose={() => setConfirmingBatch(false)}
      />
      <ConfirmDialog
        open={confirmingBatchBan}
        title={t('modPolish.review.batchBanTitle')}
        body={t('modPolish.review.batchBanBody', { names: selectedNames })}
        confirmLabel={t('admin.review.batchBan')}
        cancelLabel={t('admin.cancel')}
        tone="danger"
        pending={busy}
        reason={{ label: t('modPolish.review.banReason'), required: true }}
        onConfirm={(given) => void batch('ban', given)}
        onClose={() => setConfirmingBatchBan(false)}
      />
      <UndoBar target={undo} onDone={() => setUndo(null)} />
    </section>
  );
}
