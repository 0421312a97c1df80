import { apiErrorText } from '../../lib/api/error-text.ts';
import { useState } from 'react';
import { useApiWrite } from '../../lib/query/hooks.ts';
import { ADMIN_READS } from './admin-reads.ts';
import { toast } from '../toast/index.ts';
import { useAdmin } from './context.ts';
import { button } from '../ui/styles.ts';
import type { AdminWrite } from './use-admin-action.ts';

export interface UndoTarget {
  text: string;
  batchId?: string;
  entryIds?: number[];
  /**
   * An action with its own inverse route (a node ban is undone by unbanning it; a user ban by a PUT that
   * makes the account active again).
   */
  request?: AdminWrite;
}

/**
 * The "done — Undo" notice after a review or ban. A live region, so screen readers hear the
 * result; Undo reverses exactly that action (POST /admin/undo, or the action's own inverse route).
 */
export function UndoBar({ target, onDone }: { target: UndoTarget | null; onDone: () => void }) {
  const { t } = useAdmin();
  const write = useApiWrite(ADMIN_READS);
  const [busy, setBusy] = useState(false);
  async function undo() {
    if (!target) return;
    setBusy(true);
    try {
      if (target.request) {
        await target.request(write);
      } else {
        await write('post', '/admin/undo', {
          body: target.batchId ? { batch_id: target.batchId } : { entry_ids: target.entryIds ?? [] },
        });
      }
      toast.success(t('modPolish.undone', { what: target.text }));
      onDone();
    } catch (error) {
      toast.error(apiErrorText(t, error));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div aria-live="polite" className="fixed inset-x-0 bottom-4 z-40 flex justify-center px-4">
      {target && (
        <div
          data-testid="undo-bar"
          className="flex items-center gap-4 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          <span>{target.text}</span>
          <button type="button" className={button.secondary} disabled={busy} onClick={() => void undo()}>
            {t('admin.undo.button')}
          </button>
          <button
            type="button"
            className="rounded px-1 focus-visible:outline-2"
            aria-label={t('admin.dismiss')}
            onClick={onDone}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      )}
    </div>
  );
}
