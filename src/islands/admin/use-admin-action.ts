import { useQueryClient } from '@tanstack/react-query';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { useState } from 'react';
import { apiRequest, type ApiMethod } from '../../lib/api/client.ts';
import { toast } from '../toast/index.ts';
import { useAdmin } from './context.ts';

/** A write from a table row: send, toast the outcome (unless an Undo bar says it), refresh every admin list. */
export function useAdminAction() {
  const { t } = useAdmin();
  const client = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  async function run(
    key: string,
    method: Exclude<ApiMethod, 'GET'>,
    path: string,
    body: unknown,
    success: string | null,
  ): Promise<boolean> {
    setBusy(key);
    try {
      await apiRequest(method, path, body === undefined ? {} : { body });
      if (success) toast.success(success);
      await client.invalidateQueries();
      return true;
    } catch (error) {
      toast.error(apiErrorText(t, error));
      return false;
    } finally {
      setBusy(null);
    }
  }
  return { run, busy };
}
