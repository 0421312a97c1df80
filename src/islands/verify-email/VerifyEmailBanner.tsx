import { useEffect, useId, useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { authErrorMessage } from '../auth/auth-errors.ts';
import { useLazyTexts } from '../lazy-texts/use-lazy-texts.ts';
import { refreshIdentity, resendVerificationEmail } from '../stores/auth.ts';
import { useHydratedAuth } from '../stores/use-hydrated-auth.ts';
import { button } from '../ui/styles.ts';
import { loadVerifyTexts } from './load-verify-texts.ts';
import { useVerificationRecheck } from './use-verification-recheck.ts';

interface Props {
  /** The page's language (the `verifyBanner` and `authErrors` texts load once someone is signed in). */
  lang: Locale;
}

const NO_TEXTS = {};

/**
 * On every signed-in page while the address is unverified: says what verifying unlocks, re-checks
 * when the reader comes back (and on "I have verified"), and sends the link again. Renders nothing
 * for visitors, so it never loads Firebase for them (the auth store only does for a signed-in marker).
 */
export function VerifyEmailBanner({ lang }: Props) {
  const { status, user } = useHydratedAuth();
  const messages = useLazyTexts(loadVerifyTexts, lang, status === 'signed-in');
  const t = useIslandT(lang, messages ?? NO_TEXTS);
  const unverified = status === 'signed-in' && user !== null && !user.emailVerified;
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // Shown once the address turns verified on this page, so the change is announced, not just gone.
  const seenUnverified = useRef(false);
  const [justVerified, setJustVerified] = useState(false);
  const headingId = useId();
  useVerificationRecheck(unverified);

  useEffect(() => {
    if (unverified) seenUnverified.current = true;
    else if (seenUnverified.current && status === 'signed-in') setJustVerified(true);
  }, [unverified, status]);

  if (!messages) return null;
  if (!unverified) {
    if (!justVerified || status !== 'signed-in') return null;
    return (
      <p
        role="status"
        className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 px-4 py-3 text-sm text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100"
        data-testid="verify-banner-done"
      >
        {t('verifyBanner.verified')}
      </p>
    );
  }

  const run = async (action: () => Promise<string>) => {
    setBusy(true);
    setNote('');
    try {
      setNote(await action());
    } catch (error) {
      setNote(authErrorMessage(error, t));
    } finally {
      setBusy(false);
    }
  };
  const checkAgain = () =>
    run(async () => ((await refreshIdentity()) ? t('verifyBanner.verified') : t('verifyBanner.stillUnverified')));
  const resend = () =>
    run(async () =>
      (await resendVerificationEmail())
        ? t('verifyBanner.resent', { email: user.email ?? '' })
        : t('verifyBanner.failed'),
    );

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="verify-banner"
    >
      <h2 id={headingId} className="font-semibold">
        {t('verifyBanner.title')}
      </h2>
      <p className="mt-1">{t('verifyBanner.body', { email: user.email ?? '' })}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={button.primary}
          disabled={busy}
          onClick={() => void checkAgain()}
          data-testid="verify-banner-check"
        >
          {t('verifyBanner.checkAgain')}
        </button>
        <button
          type="button"
          className={button.secondary}
          disabled={busy}
          onClick={() => void resend()}
          data-testid="verify-banner-resend"
        >
          {t('verifyBanner.resend')}
        </button>
      </div>
      <p role="status" className="mt-2" data-testid="verify-banner-note">
        {note}
      </p>
    </section>
  );
}
