import { useEffect, useId, useRef } from 'react';
import type { CreatedAccessToken } from '../../../lib/dashboard/api-types.ts';
import { toast } from '../../toast/index.ts';
import { useDashboard } from '../context.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { buttonClass, inputClass } from '../ui/styles.ts';

/** The one and only showing of a new token's secret, with a copy button and a warning. */
export function NewTokenNotice({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const { t } = useDashboard();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const warningId = useId();
  // Move focus here so keyboard and screen-reader users land on the secret right away.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="new-token"
    >
      <h5 ref={headingRef} tabIndex={-1} className="font-semibold">
        {t('dashboard.tokens.secretHeading')}
      </h5>
      <p id={warningId} className="text-sm">
        {t('dashboard.tokens.secretWarning')}
      </p>
      <label htmlFor={inputId} className="sr-only">
        {t('dashboard.tokens.secretLabel')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          readOnly
          value={token.token}
          dir="ltr"
          aria-describedby={warningId}
          className={`${inputClass} min-w-0 flex-1 font-mono`}
          onFocus={(event) => event.target.select()}
          data-testid="new-token-secret"
        />
        <CopyButton
          text={token.token}
          label={t('dashboard.tokens.copy')}
          copiedLabel={t('dashboard.tokens.copied')}
          onFailure={() => toast.error(t('dashboard.tokens.copyFailed'))}
        />
      </div>
      <div>
        <button type="button" className={buttonClass.primary} onClick={onDone}>
          {t('dashboard.tokens.done')}
        </button>
      </div>
    </div>
  );
}
