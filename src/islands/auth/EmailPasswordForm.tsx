import { useId, useState, type FormEvent, type Ref } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { fieldErrorClass, inputClass, labelClass } from './field-styles.ts';
import { button } from '../ui/styles.ts';
import { ButtonSpinner } from './ButtonSpinner.tsx';
import type { Busy } from './SocialButtons.tsx';

export interface EmailPasswordValues {
  email: string;
  password: string;
  displayName: string;
}

interface Props {
  t: TFunction;
  mode: 'login' | 'signup';
  busy: Busy;
  ready: boolean;
  onSubmit(values: EmailPasswordValues): void;
  /** The address typed before (carried over from the reset form, and back). */
  defaultEmail?: string;
  /** The e-mail field, so the page can carry what was typed to the reset form. */
  emailRef?: Ref<HTMLInputElement>;
}

/**
 * Email + password. Only presence is checked here (in the page's language, not the browser's);
 * the password policy is the identity provider's, and its errors are shown as it states them.
 */
export function EmailPasswordForm({ t, mode, busy, ready, onSubmit, defaultEmail, emailRef }: Props) {
  const id = useId();
  const [shown, setShown] = useState(false);
  const [missing, setMissing] = useState<{ email?: boolean; password?: boolean }>({});

  // Uncontrolled fields read on submit: whatever was typed before hydration is kept, not reset.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = data.get(name);
      return typeof value === 'string' ? value : '';
    };
    const values = { email: read('email').trim(), password: read('password'), displayName: read('displayName').trim() };
    const next = { email: !values.email, password: !values.password };
    setMissing(next);
    if (next.email || next.password) {
      document.getElementById(next.email ? `${id}-email` : `${id}-password`)?.focus();
      return;
    }
    onSubmit(values);
  };

  const working = busy === 'email';
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-busy={working} data-testid="email-form">
      {mode === 'signup' && (
        <div>
          <label htmlFor={`${id}-name`} className={labelClass}>
            {t('authForm.displayName')}
          </label>
          <input id={`${id}-name`} name="displayName" autoComplete="name" className={inputClass} maxLength={100} />
        </div>
      )}
      <div>
        <label htmlFor={`${id}-email`} className={labelClass}>
          {t('authForm.email')}
        </label>
        <input
          id={`${id}-email`}
          ref={emailRef}
          name="email"
          type="email"
          defaultValue={defaultEmail}
          dir="ltr"
          autoComplete="email"
          aria-invalid={missing.email ? true : undefined}
          aria-describedby={missing.email ? `${id}-email-error` : undefined}
          className={inputClass}
        />
        {missing.email && (
          <p id={`${id}-email-error`} className={fieldErrorClass}>
            {t('authForm.emailRequired')}
          </p>
        )}
      </div>
      <div>
        <label htmlFor={`${id}-password`} className={labelClass}>
          {t('authForm.password')}
        </label>
        <div className="relative">
          <input
            id={`${id}-password`}
            name="password"
            type={shown ? 'text' : 'password'}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            aria-invalid={missing.password ? true : undefined}
            aria-describedby={
              [mode === 'signup' ? `${id}-hint` : '', missing.password ? `${id}-password-error` : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            className={`${inputClass} pe-20`}
          />
          <button
            type="button"
            onClick={() => setShown((s) => !s)}
            aria-pressed={shown}
            className="absolute end-1 top-1/2 -translate-y-1/2 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            {shown ? t('authForm.hidePassword') : t('authForm.showPassword')}
          </button>
        </div>
        {mode === 'signup' && (
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t('authForm.passwordHint')}
          </p>
        )}
        {missing.password && (
          <p id={`${id}-password-error`} className={fieldErrorClass}>
            {t('authForm.passwordRequired')}
          </p>
        )}
      </div>
      <button
        type="submit"
        className={`${button.primary} h-11 w-full`}
        disabled={!ready || busy !== null}
        aria-busy={working}
        data-testid="email-submit"
      >
        {working && <ButtonSpinner />}
        {working ? t('authForm.working') : mode === 'login' ? t('authForm.submitLogin') : t('authForm.submitSignup')}
      </button>
    </form>
  );
}
