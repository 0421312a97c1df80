import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { queryClient, startPersistence } from '../../lib/query/query-client.ts';
import '../stores/auth.ts';

/**
 * Wraps an island in the page's shared, persisted QueryClient. The first render matches the
 * server's HTML (queries "restoring", nothing fetched); the persisted cache is then restored and
 * queries start from the saved data instead of racing it. Importing the auth store registers the
 * live token source of the API client.
 */
export function QueryRoot({ children }: { children: ReactNode }) {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    startPersistence();
    setRestoring(false);
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  );
}
