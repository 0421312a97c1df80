import { useEffect, useId, useState } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { MessageTree } from '../../i18n/translator.ts';
import { useIslandT } from '../../i18n/use-island-t.ts';
import { parseMinAge } from '../../lib/min-age/min-age.ts';
import {
  chooseVersion,
  PREFERENCE_AGES,
  PREFERENCE_KEY,
  type CandidateVersion,
  type PreferenceAge,
} from '../../lib/min-age/version-choice.ts';
import { compactInput } from '../ui/styles.ts';

interface Props {
  lang: Locale;
  /** The `yank` section. */
  messages: MessageTree;
  nodeId: string;
  /** Installable, not yanked versions, newest first. */
  candidates: CandidateVersion[];
}

function storedAge(): PreferenceAge | '' {
  try {
    const value = localStorage.getItem(PREFERENCE_KEY) ?? '';
    return (PREFERENCE_AGES as readonly string[]).includes(value) ? (value as PreferenceAge) : '';
  } catch {
    return ''; // storage refused (private mode): no preference
  }
}

/**
 * "Show versions older than …" on the node page: kept in this browser (every node page), it leaves
 * versions younger than that out of the install command, as the API's `min_age` does for clients.
 */
export function MinAgePreference({ lang, messages, nodeId, candidates }: Props) {
  const t = useIslandT(lang, messages);
  const id = useId();
  const [age, setAge] = useState<PreferenceAge | ''>('');
  useEffect(() => setAge(storedAge()), []);
  const choose = (value: PreferenceAge | '') => {
    setAge(value);
    try {
      if (value) localStorage.setItem(PREFERENCE_KEY, value);
      else localStorage.removeItem(PREFERENCE_KEY);
    } catch {
      // Not kept across pages, still applied on this one.
    }
  };
  const choice = age ? chooseVersion(candidates, parseMinAge(age) ?? 0, Date.now()) : null;
  return (
    <div
      className="mt-3 space-y-2 border-t border-slate-200 pt-3 text-sm dark:border-slate-800"
      data-testid="min-age-pref"
    >
      <label htmlFor={id} className="flex flex-wrap items-center gap-2">
        {t('yank.prefLabel')}
        <select
          id={id}
          className={compactInput}
          value={age}
          onChange={(event) => choose(event.target.value as PreferenceAge | '')}
          aria-describedby={`${id}-help`}
          data-testid="min-age-select"
        >
          <option value="">{t('yank.prefAny')}</option>
          {PREFERENCE_AGES.map((value) => (
            <option key={value} value={value}>
              {t(`yank.pref${value}`)}
            </option>
          ))}
        </select>
      </label>
      <p id={`${id}-help`} className="text-xs text-slate-600 dark:text-slate-400">
        {t('yank.prefHelp')}
      </p>
      {choice && (
        <div aria-live="polite" data-testid="min-age-choice">
          {choice.chosen ? (
            <>
              <p className="text-slate-700 dark:text-slate-300">
                {t('yank.prefChosen', { version: choice.chosen.version })}
              </p>
              <code
                dir="ltr"
                className="mt-1 block rounded-lg bg-slate-100 p-2 font-mono wrap-anywhere dark:bg-slate-900"
                data-testid="min-age-command"
              >
                {`comfy node install ${nodeId}@${choice.chosen.version}`}
              </code>
            </>
          ) : (
            <p className="text-amber-900 dark:text-amber-200">{t('yank.prefNone')}</p>
          )}
          {choice.heldBack > 0 && (
            <p className="mt-1 text-xs text-slate-600 dark:text-slate-400" data-testid="min-age-held">
              {t('yank.prefHeld', { count: choice.heldBack })}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
