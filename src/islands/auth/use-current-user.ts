import { useStore } from '@nanostores/react';
import type { ImageAttributes } from '../../lib/images/image-url.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { $auth } from '../stores/auth.ts';

/** `GET /users`: the API's record of the signed-in user. */
export interface CurrentUser {
  id: string;
  email?: string;
  name?: string;
  isAdmin: boolean;
  isApproved: boolean;
  /** The account picture as signed /_image URLs (absent without a picture). */
  avatar?: ImageAttributes;
}

/**
 * The current user's API record (isAdmin and friends), asked for only once someone is signed in.
 * (A different person signing in clears the cache first: see applyUser in the auth store.)
 */
export function useCurrentUser() {
  const { status } = useStore($auth);
  return useApiQuery<CurrentUser>('/users', undefined, { enabled: status === 'signed-in' });
}
