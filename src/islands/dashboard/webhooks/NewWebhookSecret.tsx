import { toast } from '../../toast/index.ts';
import { SecretNotice } from '../../ui/SecretNotice.tsx';
import { button } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import type { CreatedWebhook } from './types.ts';

/** The one and only showing of a new endpoint's signing secret. */
export function NewWebhookSecret({ webhook, onDone }: { webhook: CreatedWebhook; onDone: () => void }) {
  const { t } = useDashboard();
  return (
    <SecretNotice
      as="h5"
      heading={t('webhooks.secretHeading')}
      warning={t('webhooks.secretWarning')}
      secretLabel={t('webhooks.secretLabel')}
      secret={webhook.secret}
      testId="new-webhook"
      secretTestId="new-webhook-secret"
      actions={
        <CopyButton
          text={webhook.secret}
          label={t('webhooks.copy')}
          copiedLabel={t('webhooks.copied')}
          onFailure={() => toast.error(t('webhooks.copyFailed'))}
        />
      }
    >
      <div>
        <button type="button" className={button.primary} onClick={onDone}>
          {t('webhooks.done')}
        </button>
      </div>
    </SecretNotice>
  );
}
