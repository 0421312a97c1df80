import { useEffect, useId, useRef, useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { copyText } from '../copy-button/copy-text.ts';
import type { CreatedApiKey } from './api-types.ts';
import { button, input } from './ui.ts';

/** The one and only showing of a new key, with a copy button; closing it forgets the secret. */
export function NewKeyNotice({ t, apiKey, onDone }: { t: TFunction; apiKey: CreatedApiKey; onDone: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const warningId = useId();
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  // Keyboard and screen-reader users land on the secret right away.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="new-api-key"
    >
      <h3 ref={headingRef} tabIndex={-1} className="font-semibold focus-visible:outline-2">
        {t('account.keys.secretHeading')}
      </h3>
      <p id={warningId} className="text-sm">
        {t('account.keys.secretWarning')}
      </p>
      <label htmlFor={inputId} className="sr-only">
        {t('account.keys.secretLabel')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          readOnly
          value={apiKey.plaintext_key}
          dir="ltr"
          aria-describedby={warningId}
          className={`${input} min-w-0 flex-1 font-mono`}
          onFocus={(event) => event.target.select()}
          data-testid="new-api-key-value"
        />
        <button
          type="button"
          className={button.secondary}
          onClick={async () => setCopied((await copyText(apiKey.plaintext_key)) ? 'copied' : 'failed')}
          data-testid="copy-api-key"
        >
          {copied === 'copied' ? t('account.keys.copied') : t('account.keys.copy')}
        </button>
        <button type="button" className={button.primary} onClick={onDone} data-testid="api-key-done">
          {t('account.keys.done')}
        </button>
      </div>
      <p aria-live="polite" className="text-sm">
        {copied === 'copied' ? t('account.keys.copied') : copied === 'failed' ? t('account.keys.copyFailed') : ''}
      </p>
    </div>
  );
}
