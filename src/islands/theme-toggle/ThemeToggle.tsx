import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { MessageTree } from '../../i18n/translator.ts';
import { useFixedT } from '../../i18n/fixed-t.ts';
import { THEME_PREFERENCES, type ThemePreference } from '../../lib/theme.ts';
import { $themePreference, initThemeStore, setThemePreference } from '../stores/theme.ts';

const ICONS: Record<ThemePreference, ReactNode> = {
  auto: <path d="M4 5h16v11H4zM9 20h6M12 16v4" />,
  light: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  dark: <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" />,
};

interface Props {
  /** The `theme` section, in the page's language. */
  messages: MessageTree;
}

/** Auto / Light / Dark, as three pressed-state buttons: one click or one key press to switch. */
export function ThemeToggle({ messages }: Props) {
  const t = useFixedT(messages);
  const preference = useStore($themePreference);
  useEffect(initThemeStore, []);

  return (
    <div
      role="group"
      aria-label={t('theme.label')}
      className="inline-flex h-10 items-center gap-0.5 rounded-lg border border-slate-200 p-0.5 dark:border-slate-700"
      data-testid="theme-toggle"
    >
      {THEME_PREFERENCES.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={preference === option}
          title={t(`theme.${option}`)}
          data-theme-option={option}
          onClick={() => setThemePreference(option)}
          className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 aria-pressed:bg-brand-100 aria-pressed:text-brand-700 dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-700 dark:aria-pressed:text-white"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            {ICONS[option]}
          </svg>
          <span className="sr-only">{t(`theme.${option}`)}</span>
        </button>
      ))}
    </div>
  );
}
