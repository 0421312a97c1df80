import { useEffect } from 'react';
import { refreshIdentity } from '../stores/auth.ts';

/**
 * While the address is unverified, asks Firebase again whenever the reader comes back to the page
 * (page load, window focus, the tab becoming visible): the link is usually opened in another tab or
 * on a phone, and nothing tells this page about it.
 */
export function useVerificationRecheck(active: boolean): void {
  useEffect(() => {
    if (!active) return undefined;
    void refreshIdentity();
    const recheck = () => void refreshIdentity();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') recheck();
    };
    window.addEventListener('focus', recheck);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', recheck);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [active]);
}
