import type { UseQueryResult } from '@tanstack/react-query';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import type { ReactNode } from 'react';
import type { ApiRequestError } from '../../../lib/api/client.ts';
import { useDashboard } from '../context.ts';
import { button, muted } from '../../ui/styles.ts';

interface Props<T> {
  query: UseQueryResult<T, ApiRequestError>;
  children: (data: T) => ReactNode;
}

/** Loading text, an error with the server's message and a retry button, or the data. */
export function QueryState<T>({ query, children }: Props<T>) {
  const { t } = useDashboard();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800 dark:text-red-200">
        <span>{t('dashboard.loadError', { message: apiErrorText(t, query.error) })}</span>
        <button type="button" className={button.secondary} onClick={() => void query.refetch()}>
          {t('dashboard.retry')}
        </button>
      </div>
    );
  }
  return (
    <p role="status" className={muted}>
      {t('dashboard.loading')}
    </p>
  );
}
