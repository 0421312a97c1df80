import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { MessageTree } from '../../i18n/translator.ts';
import { useFixedT } from '../../i18n/fixed-t.ts';
import { $auth } from '../stores/auth.ts';
import { button } from '../ui/styles.ts';

// The form (and the API client it needs) loads only when a signed-in user opens it; the sign-in
// prompt only when a signed-out visitor does.
const ReportDialog = lazy(() => import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })));
const SignInToReport = lazy(() => import('./SignInToReport.tsx').then((m) => ({ default: m.SignInToReport })));

interface Props {
  nodeId: string;
  /** The pack's name as its page shows it: every dialog says which pack it is about. */
  nodeName: string;
  /** The version the page shows, offered as "only this version". */
  version: string | null;
  /** Login, coming back to this page afterwards. */
  loginHref: string;
  /** The `packReport` and `reportSignIn` sections. */
  messages: MessageTree;
}

/**
 * "Report" for every visitor: signed-in ones get the form, signed-out ones are asked to sign in
 * first (reports need an account). Reads the shared auth store, so it adds no Firebase download of
 * its own for anonymous visitors. Disabled until the auth state is known, which is also what the
 * server renders, so hydration never meets different markup.
 */
export function ReportButton({ nodeId, nodeName, version, loginHref, messages }: Props) {
  const t = useFixedT(messages);
  const { status } = useStore($auth);
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);
  const known = hydrated && status !== 'loading';
  const close = () => setOpen(false);
  return (
    <>
      <button
        type="button"
        className={button.dangerGhost}
        aria-haspopup="dialog"
        disabled={!known}
        onClick={() => setOpen(true)}
        data-testid="report-open"
      >
        {t('packReport.button')}
      </button>
      {open && known && (
        <Suspense fallback={null}>
          {status === 'signed-in' ? (
            <ReportDialog nodeId={nodeId} nodeName={nodeName} version={version} t={t} onClose={close} />
          ) : (
            <SignInToReport nodeName={nodeName} loginHref={loginHref} t={t} onClose={close} />
          )}
        </Suspense>
      )}
    </>
  );
}
