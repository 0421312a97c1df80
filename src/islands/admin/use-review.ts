import { useState } from 'react';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { useApiWrite } from '../../lib/query/hooks.ts';
import { toast } from '../toast/index.ts';
import { ADMIN_READS } from './admin-reads.ts';
import { useAdmin } from './context.ts';
import type { Decision } from './review-types.ts';
import type { UndoTarget } from './UndoBar.tsx';

/** Sends a review (one version or several) through the batch route, which gives an undoable batch id. */
export function useReview(onUndoable: (target: UndoTarget) => void) {
  const { t } = useAdmin();
  const write = useApiWrite(ADMIN_READS);
  const [busy, setBusy] = useState(false);
  /** `done` is what the Undo bar says afterwards: it names the pack and version (or the batch's). */
  async function review(decision: Decision, versionIds: string[], reason: string, done: string): Promise<boolean> {
    setBusy(true);
    try {
      const result = await write('post', '/admin/versions/batch', {
        body: { action: decision, reason, version_ids: versionIds },
      });
      onUndoable({ text: done, batchId: result.batch_id });
      return true;
    } catch (error) {
      toast.error(apiErrorText(t, error));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { review, busy };
}
