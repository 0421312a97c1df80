import { useId, useState, type FormEvent } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import type { FirebaseHandle } from '../stores/auth.ts';
import { authErrorMessage, errorCode } from './auth-errors.ts';
import { fieldErrorClass, inputClass, labelClass } from './field-styles.ts';
import { button } from '../ui/styles.ts';
import { ButtonSpinner } from './ButtonSpinner.tsx';

interface Props {
  t: TFunction;
  handle: FirebaseHandle | null;
  /** What was typed in the login form's e-mail field: nobody should have to type it twice. */
  initialEmail: string;
  /** Back to login, carrying the address typed here. */
  onBack(email: string): void;
}

/** Sends Firebase's password-reset email. The answer never says whether the address has an account. */
export function ResetPasswordForm({ t, handle, initialEmail, onBack }: Props) {
  const id = useId();
  const [email, setEmail] = useState(initialEmail);
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle');
  const [error, setError] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!handle) return;
    if (!email.trim()) {
      setError(t('authForm.emailRequired'));
      return;
    }
    setError('');
    setState('busy');
    try {
      await handle.mod.sendPasswordResetEmail(handle.auth, email.trim());
      setState('sent');
    } catch (e) {
      // Saying "no such account" here would let anyone probe which addresses are registered.
      if (errorCode(e) === 'auth/user-not-found') {
        setState('sent');
        return;
      }
      setError(authErrorMessage(e, t));
      setState('idle');
    }
  };

  return (
    <div className="mt-6">
      <h2 className="text-lg font-semibold">{t('authForm.resetTitle')}</h2>
      {state === 'sent' ? (
        <p role="status" className="mt-3 text-sm text-slate-700 dark:text-slate-200" data-testid="reset-sent">
          {t('authForm.resetSent', { email: email.trim() })}
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('authForm.resetHelp')}</p>
          <div>
            <label htmlFor={`${id}-email`} className={labelClass}>
              {t('authForm.email')}
            </label>
            <input
              id={`${id}-email`}
              type="email"
              dir="ltr"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              className={inputClass}
            />
            {error && (
              <p id={`${id}-error`} role="alert" className={fieldErrorClass}>
                {error}
              </p>
            )}
          </div>
          <button
            type="submit"
            className={`${button.primary} h-11 w-full`}
            disabled={!handle || state === 'busy'}
            aria-busy={state === 'busy'}
          >
            {state === 'busy' && <ButtonSpinner />}
            {state === 'busy' ? t('authForm.working') : t('authForm.sendReset')}
          </button>
        </form>
      )}
      <button
        type="button"
        onClick={() => onBack(email.trim())}
        className="mt-4 text-sm text-brand-700 underline hover:no-underline dark:text-brand-100"
      >
        {t('authForm.backToLogin')}
      </button>
    </div>
  );
}
