import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiRequestError } from '../../../lib/api/client.ts';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import { QueryState as KitQueryState } from '../../ui/QueryState.tsx';
import { useDashboard } from '../context.ts';

interface Props<T> {
  query: UseQueryResult<T, ApiRequestError>;
  children: (data: T) => ReactNode;
}

/** The kit's query state in the dashboard's words: loading, the server's message with a retry, or the data. */
export function QueryState<T>({ query, children }: Props<T>) {
  const { t } = useDashboard();
  return (
    <KitQueryState
      query={query}
      loadingLabel={t('dashboard.loading')}
      errorText={(error) => t('dashboard.loadError', { message: apiErrorText(t, error) })}
      retryLabel={t('dashboard.retry')}
    >
      {children}
    </KitQueryState>
  );
}
