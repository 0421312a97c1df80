import { useState } from 'react';
import { formatDate } from '../../lib/format/format.ts';
import type { ApiSchema } from '../../lib/api/types.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { button } from '../ui/styles.ts';
import { useAdmin } from './context.ts';
import type { UndoTarget } from './UndoBar.tsx';
import { useAdminAction } from './use-admin-action.ts';

type Decision = ApiSchema<'AdminQuarantineDecision'>;
type Verb = Decision['decision'];

interface Props {
  nodeId: string;
  name: string;
  quarantined: { version: string; since: string };
  onDecided: (target: UndoTarget) => void;
}

/**
 * A report's pack has a version that reports quarantined: say so at the top of the report and offer the two
 * decisions (release, ban), each confirmed in the app's dialog and then undoable from the Undo bar.
 */
export function QuarantineActions({ nodeId, name, quarantined, onDecided }: Props) {
  const { t, lang } = useAdmin();
  const { run, busy: running } = useAdminAction();
  const busy = running !== null;
  const [asking, setAsking] = useState<Verb | null>(null);
  const { version } = quarantined;
  const named = { name: `\u2068${name}\u2069`, version };
  async function decide(decision: Verb, reason: string) {
    // No success toast: the Undo bar says what was done.
    await run(
      decision,
      async (write) => {
        const result = await write('post', '/admin/nodes/{nodeId}/versions/{versionNumber}/quarantine', {
          params: { path: { nodeId, versionNumber: version } },
          body: { decision, reason },
        });
        setAsking(null);
        onDecided({
          text: t(decision === 'release' ? 'quarantine.admin.released' : 'quarantine.admin.banned', named),
          entryIds: [result.audit_entry_id],
        });
      },
      null,
    );
  }
  return (
    <div
      className="mt-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      data-testid="report-quarantine"
    >
      <p>
        {t('quarantine.admin.note', {
          version,
          date: formatDate(quarantined.since, lang, 'dateTime'),
        })}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <button type="button" className={button.primary} disabled={busy} onClick={() => setAsking('release')}>
          {t('quarantine.admin.release')}
          <span className="sr-only">
            {' '}
            ({name} {version})
          </span>
        </button>
        <button type="button" className={button.danger} disabled={busy} onClick={() => setAsking('ban')}>
          {t('quarantine.admin.ban')}
          <span className="sr-only">
            {' '}
            ({name} {version})
          </span>
        </button>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={t(asking === 'ban' ? 'quarantine.admin.banTitle' : 'quarantine.admin.releaseTitle', named)}
        body={t(asking === 'ban' ? 'quarantine.admin.banBody' : 'quarantine.admin.releaseBody')}
        confirmLabel={t(asking === 'ban' ? 'quarantine.admin.ban' : 'quarantine.admin.release')}
        cancelLabel={t('admin.cancel')}
        tone={asking === 'ban' ? 'danger' : 'primary'}
        pending={busy}
        reason={{
          label: t('quarantine.admin.reasonLabel'),
          ...(asking === 'ban' ? { hint: t('quarantine.admin.banReasonHint'), required: true } : {}),
        }}
        onConfirm={(reason) => asking && void decide(asking, reason)}
        onClose={() => setAsking(null)}
      />
    </div>
  );
}
