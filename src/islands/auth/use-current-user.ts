import { useStore } from '@nanostores/react';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { $auth } from '../stores/auth.ts';

/**
 * The current user's API record (isAdmin and friends), asked for only once someone is signed in.
 * (A different person signing in clears the cache first: see applyUser in the auth store.)
 */
export function useCurrentUser() {
  const { status } = useStore($auth);
  return useApiQuery('/users', undefined, { enabled: status === 'signed-in' });
}
