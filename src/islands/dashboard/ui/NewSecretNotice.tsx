import { toast } from '../../toast/index.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { SecretNotice } from '../../ui/SecretNotice.tsx';
import { button } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';

/** Where each kind of once-shown secret keeps its words (the same keys under each). */
type SecretTexts = 'dashboard.tokens' | 'webhooks';

interface Props {
  texts: SecretTexts;
  secret: string;
  /** `new-token` or `new-webhook`: the notice's test id; its field's is `<testId>-secret`. */
  testId: string;
  onDone: () => void;
}

/** The one and only showing of a new secret (an access token, a webhook's signing secret), with copy and done. */
export function NewSecretNotice({ texts, secret, testId, onDone }: Props) {
  const { t } = useDashboard();
  return (
    <SecretNotice
      as="h5"
      heading={t(`${texts}.secretHeading`)}
      warning={t(`${texts}.secretWarning`)}
      secretLabel={t(`${texts}.secretLabel`)}
      secret={secret}
      testId={testId}
      secretTestId={`${testId}-secret`}
      actions={
        <CopyButton
          text={secret}
          label={t(`${texts}.copy`)}
          copiedLabel={t(`${texts}.copied`)}
          onFailure={() => toast.error(t(`${texts}.copyFailed`))}
        />
      }
    >
      <div>
        <button type="button" className={button.primary} onClick={onDone}>
          {t(`${texts}.done`)}
        </button>
      </div>
    </SecretNotice>
  );
}
