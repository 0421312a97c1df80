import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { useAdmin } from './context.ts';

/** Loading and error lines for a query (the data itself is rendered by the caller). */
export function QueryStatus({ query }: { query: Pick<UseQueryResult<unknown, Error>, 'isPending' | 'error'> }) {
  const { t } = useAdmin();
  if (query.error) {
    return (
      <p
        role="alert"
        className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        {apiErrorText(t, query.error)}
      </p>
    );
  }
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {t('admin.loading')}
      </p>
    );
  }
  return null;
}
