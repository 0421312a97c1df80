import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { authHref } from '../../lib/from-url.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { $auth, isSigningOut } from '../stores/auth.ts';
import { Spinner } from './Spinner.tsx';

interface Props {
  lang: Locale;
  /** Must include the `authSession` section (see AUTH_SHARED_SECTIONS). */
  messages: MessageTree;
  children: ReactNode;
}

/** The login page that comes back to where the visitor is now. */
export function loginRedirectTarget(lang: Locale, pathname: string, search: string): string {
  return authHref(localizedPath(lang, '/auth/login'), pathname, search);
}

/**
 * Shows its children to signed-in users only. Signed-out visitors are sent to login (replacing this
 * history entry, so Back does not bounce them here again) with `fromUrl` pointing back.
 */
export function RequireSignIn({ lang, messages, children }: Props) {
  const t = useIslandT(lang, messages);
  const { status } = useStore($auth);
  useEffect(() => {
    if (status === 'signed-out' && !isSigningOut())
      location.replace(loginRedirectTarget(lang, location.pathname, location.search));
  }, [status, lang]);
  if (status === 'signed-in') return <>{children}</>;
  return <Spinner label={t('authSession.loading', { defaultValue: 'Loading…' })} />;
}
