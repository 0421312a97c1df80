import { lazy, Suspense } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useLazyTexts } from '../lazy-texts/use-lazy-texts.ts';
import { useHydratedAuth } from '../stores/use-hydrated-auth.ts';
import { loadBanTexts } from './load-ban-texts.ts';

// The notices, the query client they need and their texts load only once someone is signed in.
const BanNoticeList = lazy(() => import('./BanNoticeList.tsx').then((m) => ({ default: m.BanNoticeList })));

interface Props {
  /** The page's language (the texts load with the notices; error texts on a refusal: i18n/load-api-error-text.ts). */
  lang: Locale;
}

/**
 * On every page with the site header: tells a banned account, and the members of a banned publisher, why, since
 * when and how to appeal (GET /users says what is banned). Renders nothing for visitors and for people in good
 * standing; never loads Firebase for visitors (the auth store only does for a signed-in marker).
 */
export function BanNotice({ lang }: Props) {
  const { status } = useHydratedAuth();
  const messages = useLazyTexts(loadBanTexts, lang, status === 'signed-in');
  if (status !== 'signed-in' || !messages) return null;
  return (
    <Suspense fallback={null}>
      <BanNoticeList lang={lang} messages={messages} />
    </Suspense>
  );
}
