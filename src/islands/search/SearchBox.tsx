import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { comboboxKey } from '../../lib/search/combobox.ts';
import type { SearchSuggestion } from '../../lib/search/types.ts';
import { FACET_KEYS, type SearchState } from '../../lib/search/url-state.ts';
import type { SearchClient } from './search-client.ts';

/** One row of the list: a completion, a recent search, or the "clear recent searches" action. */
type Option = { kind: SearchSuggestion['kind'] | 'recent' | 'clear'; text: string; nodeId?: string | undefined };

export const SUGGEST_DELAY_MS = 150;

interface Props {
  t: TFunction;
  formId: string;
  action: string;
  /** The committed state: its filters ride along as hidden fields when the form submits without JS. */
  state: SearchState;
  value: string;
  recent: string[];
  client: SearchClient | undefined;
  onValueChange: (text: string) => void;
  onSubmit: (text: string) => void;
  onChoose: (option: { kind: Option['kind']; text: string; nodeId?: string | undefined }) => void;
}

/**
 * The search field as an ARIA combobox: completions while typing, recent searches when empty and
 * focused. ↑/↓ move, Enter chooses (or submits), Esc closes; the mouse works too. Without
 * JavaScript it is a plain GET form.
 */
export function SearchBox({
  t,
  formId,
  action,
  state,
  value,
  recent,
  client,
  onValueChange,
  onSubmit,
  onChoose,
}: Props) {
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const [active, setActive] = useState(-1);
  const [suggestions, setSuggestions] = useState<{ text: string; items: SearchSuggestion[] }>({ text: '', items: [] });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    clearTimeout(timer.current);
    const text = value.trim();
    if (!client || !text) return;
    timer.current = setTimeout(() => {
      void client.suggest(value).then((items) => {
        if (items) setSuggestions({ text: value, items });
      });
    }, SUGGEST_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [client, value]);

  const options: Option[] = value.trim()
    ? suggestions.text.trim() === value.trim()
      ? suggestions.items
      : []
    : recent.length > 0
      ? [
          ...recent.map((text) => ({ kind: 'recent' as const, text })),
          { kind: 'clear' as const, text: t('search.clearRecent') },
        ]
      : [];
  const open = focused && !dismissed && options.length > 0;
  const activeIndex = open && active < options.length ? active : -1;

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    setActive(-1);
    if (option.kind !== 'clear') setDismissed(true);
    onChoose(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const action = comboboxKey(event.key, { open, active: activeIndex, count: options.length });
    if (action.type === 'none') return;
    event.preventDefault();
    if (action.type === 'open') {
      setDismissed(false);
      setActive(0);
    } else if (action.type === 'move') setActive(action.index);
    else if (action.type === 'choose') choose(action.index);
    else if (action.type === 'close') {
      setDismissed(true);
      setActive(-1);
    } else if (action.type === 'clear') onValueChange('');
  };

  const label = (option: Option) =>
    option.kind === 'recent' || option.kind === 'clear' ? undefined : t(`search.kind.${option.kind}`);

  return (
    <form
      id={formId}
      role="search"
      action={action}
      method="get"
      className="mx-auto max-w-3xl"
      onSubmit={(event) => {
        event.preventDefault();
        setDismissed(true);
        setActive(-1);
        onSubmit(value);
      }}
    >
      <label htmlFor="search-input" className="sr-only">
        {t('search.label')}
      </label>
      <div className="relative flex gap-2">
        <div className="relative flex-1">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="pointer-events-none absolute start-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-500"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
          >
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </svg>
          <input
            id="search-input"
            name="q"
            type="search"
            role="combobox"
            aria-expanded={open}
            aria-controls="search-listbox"
            aria-autocomplete="list"
            aria-activedescendant={activeIndex >= 0 ? `search-option-${activeIndex}` : undefined}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={200}
            placeholder={t('search.placeholder')}
            value={value}
            onChange={(event) => {
              setDismissed(false);
              setActive(-1);
              onValueChange(event.target.value);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setFocused(true)}
            onBlur={() => {
              setFocused(false);
              setDismissed(false);
              setActive(-1);
            }}
            className="h-12 w-full rounded-xl border border-slate-300 bg-white ps-10 pe-3 text-base shadow-sm placeholder:text-slate-500 dark:border-slate-600 dark:bg-slate-900 dark:placeholder:text-slate-400"
            data-testid="search-input"
          />
          <div
            hidden={!open}
            className="absolute inset-x-0 top-full z-20 mt-1 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            <p
              id="search-listbox-label"
              className="px-3 pt-2 pb-1 text-xs font-semibold text-slate-600 dark:text-slate-400"
            >
              {value.trim() ? t('search.suggestionsLabel') : t('search.recentLabel')}
            </p>
            <ul
              id="search-listbox"
              role="listbox"
              aria-labelledby="search-listbox-label"
              className="pb-1"
              data-testid="search-listbox"
            >
              {options.map((option, index) => (
                <li
                  key={`${option.kind}:${option.text}:${option.nodeId ?? ''}`}
                  id={`search-option-${index}`}
                  role="option"
                  aria-selected={index === activeIndex}
                  data-kind={option.kind}
                  // Keeps the focus in the input, so the list does not close before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(index)}
                  onMouseMove={() => index !== activeIndex && setActive(index)}
                  className={`flex cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm aria-selected:bg-brand-50 dark:aria-selected:bg-slate-800 ${
                    option.kind === 'clear'
                      ? 'border-t border-slate-200 text-brand-700 dark:border-slate-700 dark:text-brand-100'
                      : ''
                  }`}
                >
                  <span className={`truncate ${option.kind === 'class' ? 'font-mono' : ''}`} dir="auto">
                    {option.text}
                  </span>
                  {label(option) && (
                    <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{label(option)}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <button type="submit" className="h-12 rounded-xl bg-brand-600 px-5 font-medium text-white hover:bg-brand-700">
          {t('search.submit')}
        </button>
      </div>
      {FACET_KEYS.flatMap((key) =>
        state[key].map((filter) => <input key={`${key}:${filter}`} type="hidden" name={key} value={filter} />),
      )}
    </form>
  );
}
