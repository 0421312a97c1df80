import { useQueryClient } from '@tanstack/react-query';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { useState } from 'react';
import { apiRequest } from '../../lib/api/client.ts';
import { toast } from '../toast/index.ts';
import { useAdmin } from './context.ts';
import { button } from '../ui/styles.ts';

export interface UndoTarget {
  text: string;
  batchId?: string;
  entryIds?: number[];
  /**
   * An action with its own inverse route (a node ban is undone by unbanning it): POST unless a method is given
   * (a user ban is undone by a PUT that makes the account active again).
   */
  request?: { path: string; method?: 'POST' | 'PUT'; body?: unknown };
}

/**
 * The "done — Undo" notice after a review or ban. A live region, so screen readers hear the
 * result; Undo reverses exactly that action (POST /admin/undo, or the action's own inverse route).
 */
export function UndoBar({ target, onDone }: { target: UndoTarget | null; onDone: () => void }) {
  const { t } = useAdmin();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function undo() {
    if (!target) return;
    setBusy(true);
    try {
      if (target.request) {
        const { path, method = 'POST', body } = target.request;
        await apiRequest(method, path, body === undefined ? {} : { body });
      } else {
        await apiRequest('POST', '/admin/undo', {
          body: target.batchId ? { batch_id: target.batchId } : { entry_ids: target.entryIds },
        });
      }
      toast.success(t('modPolish.undone', { what: target.text }));
      onDone();
      await client.invalidateQueries();
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
