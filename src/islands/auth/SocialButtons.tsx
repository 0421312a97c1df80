import type { TFunction } from '../../i18n/translator.ts';
import { button } from '../ui/styles.ts';

export type Busy = null | 'email' | 'google' | 'github' | 'redirect';

interface Props {
  t: TFunction;
  busy: Busy;
  /** False until Firebase is loaded: a popup must open straight from the click, or browsers block it. */
  ready: boolean;
  onSignIn(provider: 'google' | 'github'): void;
}

const buttonClass = `${button.secondary} h-11 w-full`;

function GoogleIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.4h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.7Z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24Z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6h-4a12 12 0 0 0 0 10.8l4-3.1Z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.9 3.6-4.9 6.7-4.9Z" />
    </svg>
  );
}

function GitHubIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="currentColor">
      <path d="M12 .5a11.5 11.5 0 0 0-3.6 22.4c.6.1.8-.3.8-.6v-2.2c-3.2.7-3.9-1.4-3.9-1.4-.5-1.3-1.3-1.7-1.3-1.7-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.7-1.6-2.6-.3-5.3-1.3-5.3-5.7 0-1.3.5-2.3 1.2-3.1-.1-.3-.5-1.5.1-3.1 0 0 1-.3 3.2 1.2a11 11 0 0 1 5.8 0c2.2-1.5 3.2-1.2 3.2-1.2.6 1.6.2 2.8.1 3.1.8.8 1.2 1.9 1.2 3.1 0 4.4-2.7 5.4-5.3 5.7.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A11.5 11.5 0 0 0 12 .5Z" />
    </svg>
  );
}

export function SocialButtons({ t, busy, ready, onSignIn }: Props) {
  const disabled = !ready || busy !== null;
  return (
    <div className="flex flex-col gap-3">
      {busy === 'redirect' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-300">
          {t('authForm.redirecting')}
        </p>
      )}
      <button
        type="button"
        className={buttonClass}
        disabled={disabled}
        onClick={() => onSignIn('google')}
        data-testid="google-sign-in"
      >
        <GoogleIcon />
        {busy === 'google' ? t('authForm.working') : t('authForm.google')}
      </button>
      <button
        type="button"
        className={buttonClass}
        disabled={disabled}
        onClick={() => onSignIn('github')}
        data-testid="github-sign-in"
      >
        <GitHubIcon />
        {busy === 'github' ? t('authForm.working') : t('authForm.github')}
      </button>
    </div>
  );
}
