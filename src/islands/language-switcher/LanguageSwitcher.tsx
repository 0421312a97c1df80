import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { LOCALE_INFO, LOCALES, type Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useFixedT } from '../../i18n/fixed-t.ts';
import { switchLocalePath } from '../../lib/locale-path.ts';
import { chooseLanguage } from './choose-language.ts';
import { filterLanguages } from './filter-languages.ts';

interface Props {
  lang: Locale;
  messages: MessageTree;
  englishNames: Record<Locale, string>;
  /** The current path and query, so the server-rendered links already point at the right pages. */
  pathname: string;
  search: string;
}

/**
 * A disclosure with a filter box and one real link per language (so Ctrl/Cmd-click opens a new
 * tab); a plain click switches in place. ↑/↓ move between the filter and the links, Esc closes
 * and returns focus to the trigger, a click outside closes.
 */
export function LanguageSwitcher({ lang, messages, englishNames, pathname, search }: Props) {
  // Islands such as search rewrite the query in place: links built when the list opens use the
  // live address (the props are only the server's first render).
  const here = typeof window === 'undefined' ? { pathname, search } : window.location;
  const t = useFixedT(messages);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const panelId = useId();

  const localized = Object.fromEntries(LOCALES.map((code) => [code, t(`language.names.${code}`)])) as Record<
    Locale,
    string
  >;
  const visible = filterLanguages(query, { localized, english: englishNames });

  useEffect(() => {
    if (!open) return;
    inputRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = () => {
    setOpen(false);
    setQuery('');
    triggerRef.current?.focus();
  };

  const focusables = () => [
    inputRef.current,
    ...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('[data-language-option]') ?? []),
  ];

  const onPanelKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    if (event.nativeEvent.isComposing) return;
    event.preventDefault();
    const items = focusables().filter((el): el is HTMLInputElement | HTMLAnchorElement => el != null);
    const index = items.indexOf(document.activeElement as HTMLInputElement | HTMLAnchorElement);
    const step = event.key === 'ArrowDown' ? 1 : -1;
    items[(index + step + items.length) % items.length]?.focus();
  };

  const onOptionClick = (event: MouseEvent, code: Locale) => {
    // Modified clicks keep the browser's behaviour (new tab/window); a plain click switches here.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(false);
    if (code !== lang) chooseLanguage(code);
  };

  return (
    <div ref={rootRef} className="relative" data-testid="language-switcher">
      <button
        ref={triggerRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => (open ? close() : setOpen(true))}
        className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 2.5 15.3 0 18M12 3c-2.5 2.7-2.5 15.3 0 18" />
        </svg>
        <span className="sr-only">{t('language.label')}: </span>
        <span>{LOCALE_INFO[lang].nativeName}</span>
      </button>
      <div
        id={panelId}
        hidden={!open}
        onKeyDown={onPanelKeyDown}
        className="absolute end-0 z-40 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {/* Built when opened: closed, the list is hidden, and rendered on the server it was ≈ 4 KB of
            every page's HTML (and of every cached copy of every page) that no one could see. */}
        {open && (
          <>
            <label className="sr-only" htmlFor={`${panelId}-filter`}>
              {t('language.search')}
            </label>
            <input
              ref={inputRef}
              id={`${panelId}-filter`}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('language.search')}
              autoComplete="off"
              className="mb-2 w-full rounded-lg border border-slate-300 bg-transparent px-3 py-2 text-sm dark:border-slate-600"
            />
            <ul aria-label={t('language.label')} className="max-h-80 overflow-y-auto">
              {visible.map((code) => (
                <li key={code}>
                  <a
                    href={switchLocalePath(here.pathname, here.search, '', code)}
                    hrefLang={code}
                    lang={code}
                    aria-current={code === lang ? 'true' : undefined}
                    data-language-option={code}
                    onClick={(event) => onOptionClick(event, code)}
                    className="flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm hover:bg-slate-100 aria-[current]:bg-brand-50 aria-[current]:font-semibold dark:hover:bg-slate-800 dark:aria-[current]:bg-slate-800"
                  >
                    <span className="flex items-center gap-2">
                      <span>{LOCALE_INFO[code].nativeName}</span>
                      {LOCALE_INFO[code].beta && (
                        <span
                          lang={lang}
                          className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                        >
                          {t('language.beta')}
                        </span>
                      )}
                    </span>
                    <span lang={lang} className="text-slate-600 dark:text-slate-400">
                      {localized[code]}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
            {visible.length === 0 && (
              <p role="status" className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">
                {t('language.noMatch', { query })}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
