import { useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { copyText } from '../copy-button/copy-text.ts';
import { SecretNotice } from '../ui/SecretNotice.tsx';
import { button } from '../ui/styles.ts';
import type { CreatedApiKey } from './api-types.ts';

/** The one and only showing of a new key, with a copy button; closing it forgets the secret. */
export function NewKeyNotice({ t, apiKey, onDone }: { t: TFunction; apiKey: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <SecretNotice
      as="h3"
      heading={t('account.keys.secretHeading')}
      warning={t('account.keys.secretWarning')}
      secretLabel={t('account.keys.secretLabel')}
      secret={apiKey.plaintext_key ?? ''}
      testId="new-api-key"
      secretTestId="new-api-key-value"
      actions={
        <>
          <button
            type="button"
            className={button.secondary}
            onClick={async () => setCopied((await copyText(apiKey.plaintext_key ?? '')) ? 'copied' : 'failed')}
            data-testid="copy-api-key"
          >
            {copied === 'copied' ? t('account.keys.copied') : t('account.keys.copy')}
          </button>
          <button type="button" className={button.primary} onClick={onDone} data-testid="api-key-done">
            {t('account.keys.done')}
          </button>
        </>
      }
    >
      <p aria-live="polite" className="text-sm">
        {copied === 'copied' ? t('account.keys.copied') : copied === 'failed' ? t('account.keys.copyFailed') : ''}
      </p>
    </SecretNotice>
  );
}
