import { useState } from 'react';
import type { TFunction } from '../../../i18n/translator.ts';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { signOutEverywhere as signOutHere } from '../../stores/auth.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { button, muted } from '../../ui/styles.ts';

/**
 * Ends every session of the account: the API revokes them at the identity provider and refuses
 * their tokens from now on (other devices are signed out on their next request), then this browser
 * signs out too and goes to the login page.
 */
export function SignOutEverywhere({ t, lang }: { t: TFunction; lang: string }) {
  const [confirming, setConfirming] = useState(false);
  // Nothing to refresh: this browser signs out and leaves the page.
  const revoke = useApiMutation('post', '/users/sign-out-everywhere', { invalidates: [] });
  const signOut = () =>
    revoke.mutate(
      {},
      {
        onSuccess: async () => {
          await signOutHere();
          location.assign(`/${lang}/auth/login`);
        },
      },
    );
  return (
    <div className="flex flex-col items-start gap-2">
      <p className={muted}>{t('accountSecurity.everywhere.lead')}</p>
      <button type="button" className={button.dangerGhost} onClick={() => setConfirming(true)}>
        {t('accountSecurity.everywhere.button')}
      </button>
      <ConfirmDialog
        open={confirming}
        title={t('accountSecurity.everywhere.confirmTitle')}
        body={t('accountSecurity.everywhere.confirmBody')}
        confirmLabel={t('accountSecurity.everywhere.button')}
        pendingLabel={t('accountSecurity.everywhere.working')}
        cancelLabel={t('accountSecurity.cancel')}
        pending={revoke.isPending || revoke.isSuccess}
        error={revoke.error ? apiErrorText(t, revoke.error) : null}
        onClose={() => {
          revoke.reset();
          setConfirming(false);
        }}
        onConfirm={signOut}
      />
    </div>
  );
}
