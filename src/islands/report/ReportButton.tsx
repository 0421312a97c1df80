import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import type { MessageTree } from '../../i18n/translator.ts';
import { useFixedT } from '../../i18n/fixed-t.ts';
import { $auth } from '../stores/auth.ts';
import { button } from '../ui/styles.ts';

// The form (and the API client it needs) loads only when a signed-in user opens it.
const ReportDialog = lazy(() => import('./ReportDialog.tsx').then((m) => ({ default: m.ReportDialog })));

interface Props {
  nodeId: string;
  /** The version the page shows, offered as "only this version". */
  version: string | null;
  /** The `packReport` section. */
  messages: MessageTree;
}

/**
 * "Report" for signed-in visitors. Reads the shared auth store, so it adds no Firebase download of
 * its own: anonymous visitors (no sign-in marker) never load it and see nothing here.
 */
export function ReportButton({ nodeId, version, messages }: Props) {
  const t = useFixedT(messages);
  const { status } = useStore($auth);
  const [open, setOpen] = useState(false);
  if (status !== 'signed-in') return null;
  return (
    <>
      <button
        type="button"
        className={button.dangerGhost}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="report-open"
      >
        {t('packReport.button')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog nodeId={nodeId} version={version} t={t} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
