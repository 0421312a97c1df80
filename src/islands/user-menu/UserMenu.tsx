import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useFixedT } from '../../i18n/fixed-t.ts';
import { readMarker } from '../stores/auth-marker.ts';
import { useHydratedAuth } from '../stores/use-hydrated-auth.ts';
import { Toaster } from '../toast/Toaster.tsx';

// The signed-in menu (and the query client it needs) loads only for signed-in visitors.
const SignedInMenu = lazy(() => import('./SignedInMenu.tsx').then((m) => ({ default: m.SignedInMenu })));

interface Props {
  lang: Locale;
  messages: MessageTree;
  /** The server-rendered Login / Signup links: what everyone sees until someone is signed in. */
  children?: ReactNode;
}

function Placeholder() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-8 w-8 animate-pulse rounded-full bg-slate-200 dark:bg-slate-700"
    />
  );
}

/** The header's user slot: Login/Signup for visitors, the account menu for signed-in users. */
export function UserMenu({ lang, messages, children }: Props) {
  const t = useFixedT(messages);
  const { status, user } = useHydratedAuth();
  // Read after hydration (the server cannot know): a likely-signed-in visitor sees a placeholder
  // instead of Login/Signup flashing by while Firebase restores the session.
  const [maybeSignedIn, setMaybeSignedIn] = useState(false);
  useEffect(() => setMaybeSignedIn(readMarker() !== null), []);

  let content: ReactNode = children;
  if (status === 'signed-in' && user) {
    content = (
      <Suspense fallback={<Placeholder />}>
        <SignedInMenu lang={lang} t={t} user={user} />
      </Suspense>
    );
  } else if (status === 'loading' && maybeSignedIn) {
    content = <Placeholder />;
  }
  return (
    <>
      {content}
      <Toaster dismissLabel={t('toast.dismiss')} />
    </>
  );
}
