import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from '../../../i18n/translator.ts';
import { authErrorMessage } from '../../auth/auth-errors.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { button, input, label as labelClass } from '../../ui/styles.ts';
import type { FirebaseHandle } from '../../stores/auth.ts';

type State = { name: 'closed' } | { name: 'open'; error: string } | { name: 'busy' } | { name: 'sent'; to: string };

/**
 * A new sign-in address: the current password is checked, and a link goes to the new address. The
 * address changes only once that link is opened, so a typo never takes the account away.
 */
export function EmailChange({ t, handle, current }: { t: TFunction; handle: FirebaseHandle; current: string }) {
  const id = useId();
  const [state, setState] = useState<State>({ name: 'closed' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (next.toLowerCase() === current.toLowerCase()) {
      setState({ name: 'open', error: t('accountSecurity.email.same') });
      return;
    }
    setState({ name: 'busy' });
    try {
      await handle.mod.changeEmail(handle.auth, password, next);
      setState({ name: 'sent', to: next });
    } catch (error) {
      setState({ name: 'open', error: authErrorMessage(error, t) });
    }
  };

  if (state.name === 'closed' || state.name === 'sent') {
    return (
      <div className="flex flex-col items-start gap-2">
        {state.name === 'sent' && (
          <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200" data-testid="email-change-sent">
            {t('accountSecurity.email.sent', { email: state.to })}
          </p>
        )}
        <button type="button" className={button.secondary} onClick={() => setState({ name: 'open', error: '' })}>
          {t('accountSecurity.email.open')}
        </button>
      </div>
    );
  }
  const busy = state.name === 'busy';
  return (
    <form className="flex max-w-md flex-col gap-3" onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          {t('accountSecurity.email.next')}
        </label>
        <input id={`${id}-email`} name="email" type="email" dir="ltr" autoComplete="email" required className={input} />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className={labelClass}>
          {t('accountSecurity.email.password')}
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          className={input}
        />
      </div>
      {state.name === 'open' && <ErrorNote message={state.error} />}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('accountSecurity.working') : t('accountSecurity.email.submit')}
        </button>
        <button type="button" className={button.secondary} disabled={busy} onClick={() => setState({ name: 'closed' })}>
          {t('accountSecurity.cancel')}
        </button>
      </div>
    </form>
  );
}
