import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { localizedPath } from '../../lib/locale-path.ts';
import { $auth, signOutEverywhere } from '../stores/auth.ts';
import { toast } from '../toast/toast-store.ts';
import { Toaster } from '../toast/Toaster.tsx';
import { button } from '../ui/styles.ts';

interface Props {
  lang: Locale;
  messages: MessageTree;
}

type State = 'idle' | 'signing-out' | 'done';

/**
 * The spec's logout screen: one button; "Logging out..." while it works; a toast when it fails. Whoever
 * arrives already signed out (the user menu's Logout lands here) is told so at once.
 */
export function LogoutPanel({ lang, messages }: Props) {
  const t = useIslandT(lang, messages);
  const [working, setWorking] = useState<State>('idle');
  const { status } = useStore($auth);
  const state: State = working === 'idle' && status === 'signed-out' ? 'done' : working;

  const logout = async () => {
    setWorking('signing-out');
    try {
      await signOutEverywhere();
      setWorking('done');
    } catch (error) {
      toast.error(t('logout.error', { error: error instanceof Error ? error.message : String(error) }));
      setWorking('idle');
    }
  };

  return (
    <div className="flex flex-col items-center gap-4">
      {state === 'done' ? (
        <>
          <p role="status" className="text-slate-700 dark:text-slate-200" data-testid="logout-done">
            {t('logout.done')}
          </p>
          <div className="flex gap-4 text-sm">
            <a href={localizedPath(lang, '/')} className="text-brand-700 underline dark:text-brand-100">
              {t('logout.home')}
            </a>
            <a href={localizedPath(lang, '/auth/login')} className="text-brand-700 underline dark:text-brand-100">
              {t('logout.login')}
            </a>
          </div>
        </>
      ) : (
        <button
          type="button"
          className={`${button.primary} h-11 w-full max-w-xs`}
          disabled={state === 'signing-out'}
          onClick={() => void logout()}
          data-testid="logout-button"
        >
          {state === 'signing-out' ? t('logout.working') : t('logout.button')}
        </button>
      )}
      <Toaster dismissLabel={t('toast.dismiss')} />
    </div>
  );
}
