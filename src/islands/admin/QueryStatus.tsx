import { apiErrorText } from '../../lib/api/error-text.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { useAdmin } from './context.ts';

/** Loading and error lines for a query in the admin's words (the data itself is rendered by the caller). */
export function QueryStatus({ query }: { query: { isPending: boolean; error: Error | null } }) {
  const { t } = useAdmin();
  return (
    <QueryState
      query={{ isPending: query.isPending, error: query.error, data: undefined }}
      loadingLabel={t('admin.loading')}
      errorText={(error) => apiErrorText(t, error)}
    />
  );
}
