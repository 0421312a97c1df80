import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from '../../../i18n/translator.ts';
import { authErrorMessage } from '../../auth/auth-errors.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { button, input, label as labelClass, muted } from '../../ui/styles.ts';
import type { FirebaseHandle } from '../../stores/auth.ts';

type State = { name: 'closed' } | { name: 'open'; error: string } | { name: 'busy' } | { name: 'done' };

/** A new password, given the current one (the identity provider checks it: a recent sign-in). */
export function PasswordChange({ t, handle }: { t: TFunction; handle: FirebaseHandle }) {
  const id = useId();
  const [state, setState] = useState<State>({ name: 'closed' });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const current = String(data.get('current') ?? '');
    const next = String(data.get('next') ?? '');
    setState({ name: 'busy' });
    try {
      await handle.mod.changePassword(handle.auth, current, next);
      setState({ name: 'done' });
    } catch (error) {
      setState({ name: 'open', error: authErrorMessage(error, t) });
    }
  };

  if (state.name === 'closed' || state.name === 'done') {
    return (
      <div className="flex flex-col items-start gap-2">
        {state.name === 'done' && (
          <p role="status" className="text-sm text-emerald-800 dark:text-emerald-200" data-testid="password-changed">
            {t('accountSecurity.password.done')}
          </p>
        )}
        <button type="button" className={button.secondary} onClick={() => setState({ name: 'open', error: '' })}>
          {t('accountSecurity.password.open')}
        </button>
      </div>
    );
  }
  const busy = state.name === 'busy';
  return (
    <form className="flex max-w-md flex-col gap-3" onSubmit={(event) => void submit(event)} aria-busy={busy}>
      <div>
        <label htmlFor={`${id}-current`} className={labelClass}>
          {t('accountSecurity.password.current')}
        </label>
        <input
          id={`${id}-current`}
          name="current"
          type="password"
          autoComplete="current-password"
          required
          className={input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-next`} className={labelClass}>
          {t('accountSecurity.password.next')}
        </label>
        <input
          id={`${id}-next`}
          name="next"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          aria-describedby={`${id}-hint`}
          className={input}
        />
        <p id={`${id}-hint`} className={`mt-1 ${muted}`}>
          {t('accountSecurity.password.hint')}
        </p>
      </div>
      {state.name === 'open' && <ErrorNote message={state.error} />}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={button.primary} disabled={busy}>
          {busy ? t('accountSecurity.working') : t('accountSecurity.password.submit')}
        </button>
        <button type="button" className={button.secondary} disabled={busy} onClick={() => setState({ name: 'closed' })}>
          {t('accountSecurity.cancel')}
        </button>
      </div>
    </form>
  );
}
