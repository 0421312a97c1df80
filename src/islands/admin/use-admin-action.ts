import { useState } from 'react';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { useApiWrite, type ApiWrite } from '../../lib/query/hooks.ts';
import { toast } from '../toast/index.ts';
import { ADMIN_READS } from './admin-reads.ts';
import { useAdmin } from './context.ts';

/** One admin write, given the typed `write` (which refreshes every admin list once it succeeds). */
export type AdminWrite = (write: ApiWrite) => Promise<unknown>;

/** A write from a table row: send, toast the outcome (unless an Undo bar says it), refresh every admin list. */
export function useAdminAction() {
  const { t } = useAdmin();
  const write = useApiWrite(ADMIN_READS);
  const [busy, setBusy] = useState<string | null>(null);
  async function run(key: string, action: AdminWrite, success: string | null): Promise<boolean> {
    setBusy(key);
    try {
      await action(write);
      if (success) toast.success(success);
      return true;
    } catch (error) {
      toast.error(apiErrorText(t, error));
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { run, busy, write };
}
