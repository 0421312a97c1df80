import { lazy, Suspense } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useHydratedAuth } from '../stores/use-hydrated-auth.ts';

// The notices and the query client they need load only once someone is signed in.
const BanNoticeList = lazy(() => import('./BanNoticeList.tsx').then((m) => ({ default: m.BanNoticeList })));

interface Props {
  lang: Locale;
  /** The `banNotice` section (error texts load on a refusal: i18n/load-api-error-text.ts). */
  messages: MessageTree;
}

/**
 * On every page with the site header: tells a banned account, and the members of a banned publisher, why, since
 * when and how to appeal (GET /users says what is banned). Renders nothing for visitors and for people in good
 * standing; never loads Firebase for visitors (the auth store only does for a signed-in marker).
 */
export function BanNotice({ lang, messages }: Props) {
  const { status } = useHydratedAuth();
  if (status !== 'signed-in') return null;
  return (
    <Suspense fallback={null}>
      <BanNoticeList lang={lang} messages={messages} />
    </Suspense>
  );
}
