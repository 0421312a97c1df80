import { useEffect, useRef, useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import type { FirebaseHandle } from '../stores/auth.ts';
import { authErrorMessage } from './auth-errors.ts';
import { button } from '../ui/styles.ts';

interface Props {
  t: TFunction;
  email: string;
  returnTo: string;
  handle: FirebaseHandle | null;
}

/** After email signup: the verification email went out; continue to the return page, or resend. */
export function VerificationNotice({ t, email, returnTo, handle }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  // The form the user was in is gone: move focus to the news so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);

  const resend = async () => {
    const user = handle?.auth.currentUser;
    if (!handle || !user) return;
    setBusy(true);
    try {
      await handle.mod.sendEmailVerification(user);
      setNote(t('authForm.resent'));
    } catch (e) {
      setNote(authErrorMessage(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-6" data-testid="verify-notice">
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        {t('authForm.verifyTitle')}
      </h2>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-200">{t('authForm.verifyBody', { email })}</p>
      <a href={returnTo} className={`${button.primary} mt-5 h-11 w-full`} data-testid="verify-continue">
        {t('authForm.continue')}
      </a>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={busy}
        className="mt-3 text-sm text-brand-700 underline hover:no-underline disabled:opacity-60 dark:text-brand-100"
      >
        {t('authForm.resend')}
      </button>
      <p role="status" className="mt-2 text-sm text-slate-600 dark:text-slate-300">
        {note}
      </p>
    </div>
  );
}
