import { useEffect, useState } from 'react';
import { loadFirebase, type FirebaseHandle } from '../../stores/auth.ts';

export interface SignInFacts {
  handle: FirebaseHandle;
  email: string;
  /** Signs in with a password (else only through Google or GitHub, which then own address and password). */
  password: boolean;
  /** The other ways in, by name, for accounts without a password. */
  providers: string[];
}

const PROVIDER_NAMES: Record<string, string> = { 'google.com': 'Google', 'github.com': 'GitHub' };

/** How the signed-in account signs in, read from Firebase (null until it is loaded). */
export function useSignInFacts(): SignInFacts | null {
  const [facts, setFacts] = useState<SignInFacts | null>(null);
  useEffect(() => {
    let live = true;
    void loadFirebase().then((handle) => {
      const user = handle?.auth.currentUser;
      if (!live || !handle || !user) return;
      setFacts({
        handle,
        email: user.email ?? '',
        password: handle.mod.hasPassword(user),
        providers: user.providerData
          .map((provider) => PROVIDER_NAMES[provider.providerId])
          .filter((name): name is string => Boolean(name)),
      });
    });
    return () => {
      live = false;
    };
  }, []);
  return facts;
}
