import { useEffect, useRef, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { analyticsSettled, trackEvent } from '../../lib/analytics/analytics.ts';
import { loadFirebase, refreshAuthUser, type FirebaseHandle } from '../stores/auth.ts';
import { Toaster } from '../toast/Toaster.tsx';
import { authErrorMessage } from './auth-errors.ts';
import { EmailPasswordForm, type EmailPasswordValues } from './EmailPasswordForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';
import { SocialButtons, type Busy } from './SocialButtons.tsx';
import { VerificationNotice } from './VerificationNotice.tsx';

interface Props {
  mode: 'login' | 'signup';
  lang: Locale;
  messages: MessageTree;
  /** Same-site path to return to afterwards (already checked on the server). */
  returnTo: string;
  loginHref: string;
  signupHref: string;
}

type View = { name: 'form' } | { name: 'reset' } | { name: 'verify'; email: string };

/** Login and signup: Google/GitHub (popup, redirect when blocked), email + password, reset, verification. */
export function AuthForm({ mode, lang, messages, returnTo, loginHref, signupHref }: Props) {
  const t = useIslandT(lang, messages);
  const [handle, setHandle] = useState<FirebaseHandle | null>(null);
  const [view, setView] = useState<View>({ name: 'form' });
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState('');
  // The address typed so far, carried between the login form and the reset form both ways.
  const [email, setEmail] = useState('');
  const emailInput = useRef<HTMLInputElement>(null);

  const finish = (h: FirebaseHandle, provider: string) => {
    refreshAuthUser(h);
    trackEvent('Sign In', { provider });
    // The event (and the SDK, loaded on this first call) must not be cut off by the navigation.
    void analyticsSettled().then(() => location.assign(returnTo));
  };

  useEffect(() => {
    let live = true;
    void (async () => {
      const h = await loadFirebase();
      if (!live) return;
      if (!h) {
        setError(t('authErrors.networkFailed'));
        return;
      }
      setHandle(h);
      try {
        // Coming back from a redirect sign-in (the popup fallback): finish it here.
        const result = await h.mod.getRedirectResult(h.auth);
        if (result && live) finish(h, result.providerId ?? 'redirect');
      } catch (e) {
        if (live) setError(authErrorMessage(e, t));
      }
    })();
    return () => {
      live = false;
    };
    // Once per page: the translator and props do not change after hydration.
  }, []);

  const run = async (kind: Exclude<Busy, null>, action: (h: FirebaseHandle) => Promise<void>) => {
    if (!handle) return;
    setError('');
    setBusy(kind);
    try {
      await action(handle);
    } catch (e) {
      setError(authErrorMessage(e, t));
      setBusy(null);
    }
  };

  const social = (provider: 'google' | 'github') =>
    run(provider, async (h) => {
      const result = await h.mod.signInWithProvider(h.auth, provider);
      if (result === 'redirect') setBusy('redirect');
      else finish(h, provider);
    });

  const submit = (values: EmailPasswordValues) =>
    run('email', async (h) => {
      if (mode === 'login') {
        await h.mod.signInWithEmailAndPassword(h.auth, values.email, values.password);
        finish(h, 'password');
        return;
      }
      await h.mod.signUpWithEmail(h.auth, values.email, values.password, values.displayName);
      refreshAuthUser(h);
      trackEvent('Sign Up', { provider: 'password' });
      setBusy(null);
      setView({ name: 'verify', email: values.email });
    });

  const errorBox = error ? (
    <p
      role="alert"
      // Above the sign-in buttons, with room before them (it used to touch the Google button).
      className="mb-4 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      data-testid="auth-error"
    >
      {error}
    </p>
  ) : null;

  if (view.name === 'verify') {
    return <VerificationNotice t={t} email={view.email} returnTo={returnTo} handle={handle} />;
  }
  if (view.name === 'reset') {
    return (
      <ResetPasswordForm
        t={t}
        handle={handle}
        initialEmail={email}
        onBack={(typed) => {
          setEmail(typed);
          setView({ name: 'form' });
        }}
      />
    );
  }
  return (
    <div className="mt-6">
      {errorBox}
      <SocialButtons t={t} busy={busy} ready={handle !== null} onSignIn={(p) => void social(p)} />
      <div className="my-5 flex items-center gap-3 text-xs text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t('authForm.or')}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <EmailPasswordForm
        t={t}
        mode={mode}
        busy={busy}
        ready={handle !== null}
        onSubmit={(values) => void submit(values)}
        defaultEmail={email}
        emailRef={emailInput}
      />
      {mode === 'login' && (
        <button
          type="button"
          className="mt-3 text-sm text-brand-700 underline hover:no-underline dark:text-brand-100"
          onClick={() => {
            setError('');
            setEmail(emailInput.current?.value.trim() ?? email);
            setView({ name: 'reset' });
          }}
          data-testid="forgot-password"
        >
          {t('authForm.forgotPassword')}
        </button>
      )}
      <p className="mt-6 text-sm text-slate-600 dark:text-slate-300">
        {mode === 'login' ? t('authForm.noAccount') : t('authForm.haveAccount')}{' '}
        <a
          href={mode === 'login' ? signupHref : loginHref}
          className="font-medium text-brand-700 underline hover:no-underline dark:text-brand-100"
          data-testid={mode === 'login' ? 'to-signup' : 'to-login'}
        >
          {mode === 'login' ? t('authForm.signupLink') : t('authForm.loginLink')}
        </a>
      </p>
      <Toaster dismissLabel={t('toast.dismiss')} />
    </div>
  );
}
