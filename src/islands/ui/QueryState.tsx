import type { ReactNode } from 'react';
import { button } from './styles.ts';

/** What the kit reads of a TanStack query (any `useApiQuery` result fits). */
interface QueryLike<T> {
  data: T | undefined;
  error: Error | null;
  isPending: boolean;
  refetch?: () => unknown;
}

interface Props<T> {
  query: QueryLike<T>;
  loadingLabel: string;
  /** The failure in the island's words (usually `apiErrorText`). */
  errorText: (error: Error) => string;
  /** With a label, the error offers a retry button. */
  retryLabel?: string;
  /** Renders the data once there is some; without it the caller renders the data and this shows only the states. */
  children?: (data: T) => ReactNode;
}

/** A query's loading line, or its error (with a retry when asked), or its data: the same in every island. */
export function QueryState<T>({ query, loadingLabel, errorText, retryLabel, children }: Props<T>) {
  if (children && query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      >
        <span>{errorText(query.error)}</span>
        {retryLabel && query.refetch && (
          <button type="button" className={button.secondary} onClick={() => void query.refetch?.()}>
            {retryLabel}
          </button>
        )}
      </div>
    );
  }
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
        {loadingLabel}
      </p>
    );
  }
  return null;
}
