import type { TFunction } from '../../i18n/translator.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { button } from '../ui/styles.ts';

interface Props {
  nodeName: string;
  /** Login with this page as the way back. */
  loginHref: string;
  t: TFunction;
  onClose: () => void;
}

/** What a signed-out visitor gets from "Report": why an account is needed, and the way to sign in. */
export function SignInToReport({ nodeName, loginHref, t, onClose }: Props) {
  return (
    <Dialog open title={t('reportSignIn.signInTitle', { name: nodeName })} onClose={onClose} testId="report-sign-in">
      <p>{t('reportSignIn.signInBody')}</p>
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={button.secondary} onClick={onClose}>
          {t('reportSignIn.cancel')}
        </button>
        <a href={loginHref} className={button.primary}>
          {t('reportSignIn.signIn')}
        </a>
      </div>
    </Dialog>
  );
}
