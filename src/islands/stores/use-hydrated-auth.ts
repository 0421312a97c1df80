import { useStore } from '@nanostores/react';
import { useSyncExternalStore } from 'react';
import { $auth, type AuthState } from './auth.ts';

/** What the server renders every island with: it cannot know who is signed in. */
const SERVER_STATE: AuthState = { status: 'loading', user: null };
const noSubscription = () => () => {};

/**
 * Who is signed in, as a server-rendered island may render it: "loading" on the server and in the
 * render that hydrates the server's HTML, the real state from the next render on. An island that
 * reads $auth directly renders other markup than the server's whenever the session was restored
 * before it hydrated (usual for client:idle islands once Firebase is cached), and React then
 * throws away the server's HTML with error #418. Islands rendered only in the browser
 * (client:only) get the real state at once.
 */
export function useHydratedAuth(): AuthState {
  const auth = useStore($auth);
  // getServerSnapshot answers during hydration, getSnapshot afterwards (React re-renders then).
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? auth : SERVER_STATE;
}
