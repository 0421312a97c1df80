import type { CreatedAccessToken } from '../../../lib/dashboard/api-types.ts';
import { toast } from '../../toast/index.ts';
import { SecretNotice } from '../../ui/SecretNotice.tsx';
import { useDashboard } from '../context.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { button } from '../../ui/styles.ts';

/** The one and only showing of a new token's secret, with a copy button and a warning. */
export function NewTokenNotice({ token, onDone }: { token: CreatedAccessToken; onDone: () => void }) {
  const { t } = useDashboard();
  return (
    <SecretNotice
      as="h5"
      heading={t('dashboard.tokens.secretHeading')}
      warning={t('dashboard.tokens.secretWarning')}
      secretLabel={t('dashboard.tokens.secretLabel')}
      secret={token.token}
      testId="new-token"
      secretTestId="new-token-secret"
      actions={
        <CopyButton
          text={token.token}
          label={t('dashboard.tokens.copy')}
          copiedLabel={t('dashboard.tokens.copied')}
          onFailure={() => toast.error(t('dashboard.tokens.copyFailed'))}
        />
      }
    >
      <div>
        <button type="button" className={button.primary} onClick={onDone}>
          {t('dashboard.tokens.done')}
        </button>
      </div>
    </SecretNotice>
  );
}
