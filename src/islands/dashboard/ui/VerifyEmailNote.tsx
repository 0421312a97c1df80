import { useEffect, useState } from 'react';
import type { ApiRequestError } from '../../../lib/api/errors.ts';
import { refreshIdentity, resendVerificationEmail } from '../../stores/auth.ts';
import { useDashboard } from '../context.ts';

/** The API's code when an unverified account tries to create a publisher or a token. */
export const EMAIL_NOT_VERIFIED = 'email_not_verified';

export function isEmailNotVerified(error: ApiRequestError | null | undefined): boolean {
  return error?.code === EMAIL_NOT_VERIFIED;
}

/**
 * Where the API refused a write for want of a verified address: says so in the user's language, with
 * a button that sends the link again. The next try reloads the account (stores/auth.ts), so opening
 * the link in another tab is enough.
 */
export function VerifyEmailNote({ error }: { error: ApiRequestError | null | undefined }) {
  const { t } = useDashboard();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const refused = isEmailNotVerified(error);
  // The API judged an old token: ask Firebase again, so the next try carries a fresh one.
  useEffect(() => {
    if (refused) void refreshIdentity();
  }, [refused]);
  if (!refused) return null;
  const resend = async () => {
    setBusy(true);
    try {
      setNote((await resendVerificationEmail()) ? t('dashboard.verify.resent') : t('dashboard.verify.failed'));
    } catch {
      setNote(t('dashboard.verify.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="alert"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="verify-email-note"
    >
      <p>{t('dashboard.verify.needed')}</p>
      <button
        type="button"
        onClick={() => void resend()}
        disabled={busy}
        className="mt-1 font-medium underline hover:no-underline disabled:opacity-60"
        data-testid="resend-verification"
      >
        {t('dashboard.verify.resend')}
      </button>
      <p role="status" className="mt-1">
        {note}
      </p>
    </div>
  );
}
