import { useState } from 'react';
import { apiErrorText } from '../../lib/api/error-text.ts';
import { formatDate } from '../../lib/format/format.ts';
import type { ApiSchema } from '../../lib/api/types.ts';
import { useApiQuery, useApiWrite } from '../../lib/query/hooks.ts';
import { ADMIN_READS } from './admin-reads.ts';
import { toast } from '../toast/index.ts';
import { useAdmin } from './context.ts';
import { QuarantineActions } from './QuarantineActions.tsx';
import { QueryStatus } from './QueryStatus.tsx';
import { button, compactInput, muted } from '../ui/styles.ts';
import { UndoBar, type UndoTarget } from './UndoBar.tsx';
import { useUrlState } from './url-state.ts';
import type { ReportReason } from '../report/reasons.ts';
import type { PlainKey } from '../../i18n/message-keys.ts';

type AdminReport = ApiSchema<'AdminPackReport'>;

const STATUSES = ['open', 'resolved', 'dismissed'] as const;
type ReportStatus = (typeof STATUSES)[number];

/** A closed report's outcome: who decided, when, and their note. */
function Decided({ report }: { report: AdminReport }) {
  const { t, lang } = useAdmin();
  return (
    <div className="mt-2 text-sm" data-testid="report-decision">
      <p className={muted}>
        {t(report.status === 'resolved' ? 'modPolish.reports.decidedResolved' : 'modPolish.reports.decidedDismissed', {
          date: formatDate(report.resolved_at, lang, 'dateTime'),
          admin: report.resolved_by ?? '—',
        })}
      </p>
      {report.resolution_note && (
        <p className="mt-1" dir="auto">
          <span className="font-medium">{t('modPolish.reports.note')}: </span>
          {report.resolution_note}
        </p>
      )}
    </div>
  );
}

/**
 * One report: what, why, who (admins only); an open one has the two decisions with an optional note, each naming
 * the pack in its Undo bar; a closed one says how it was decided.
 */
function ReportItem({ report, onDecided }: { report: AdminReport; onDecided: (target: UndoTarget) => void }) {
  const { t, lang, base } = useAdmin();
  const write = useApiWrite(ADMIN_READS);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const noteId = `report-note-${report.id}`;
  const name = report.node_name || report.node_id;
  async function decide(decision: 'resolved' | 'dismissed') {
    setBusy(true);
    try {
      const result = await write('post', '/admin/reports/{reportId}/resolve', {
        params: { path: { reportId: report.id } },
        body: { decision, note },
      });
      onDecided({
        text: t(decision === 'resolved' ? 'modPolish.reports.doneResolved' : 'modPolish.reports.doneDismissed', {
          name,
        }),
        entryIds: [result.audit_entry_id],
      });
    } catch (error) {
      toast.error(apiErrorText(t, error));
    } finally {
      setBusy(false);
    }
  }
  const node = encodeURIComponent(report.node_id);
  const reasonKey = REASON_KEYS.get(report.reason);
  return (
    <li className="rounded-xl border border-slate-200 p-4 dark:border-slate-800" data-testid="report-item">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <a className="font-semibold underline" href={`${base.replace(/\/admin$/, '')}/nodes/${node}`}>
          <bdi>{report.node_name}</bdi>
        </a>
        <span className="text-sm text-slate-600 dark:text-slate-300" dir="auto">
          {report.version ? t('adminReports.scopeVersion', { version: report.version }) : t('adminReports.scopePack')}
        </span>
        <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-100">
          {reasonKey ? t(reasonKey) : report.reason}
        </span>
      </div>
      {report.quarantined && report.status === 'open' && (
        <QuarantineActions nodeId={report.node_id} name={name} quarantined={report.quarantined} onDecided={onDecided} />
      )}
      {report.details && (
        <p className="mt-2 text-sm whitespace-pre-wrap" dir="auto">
          {report.details}
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600 dark:text-slate-300">
        <dt>{t('adminReports.reporter')}</dt>
        <dd>
          <span dir="ltr">{report.reporter.email ?? report.reporter.id}</span>
          {report.reporter.trusted && (
            <span className="ms-2 rounded bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900 dark:bg-sky-950 dark:text-sky-100">
              {t('quarantine.admin.trustedBadge')}
            </span>
          )}
        </dd>
        <dt>{t('adminReports.created')}</dt>
        <dd>{formatDate(report.created_at, lang, 'dateTime')}</dd>
      </dl>
      {report.status !== 'open' ? (
        <Decided report={report} />
      ) : (
        <div className="mt-3 flex flex-wrap items-end gap-2">
          <label htmlFor={noteId} className="sr-only">
            {t('adminReports.note')}
          </label>
          <input
            id={noteId}
            className={`min-w-48 flex-1 ${compactInput}`}
            placeholder={t('adminReports.note')}
            maxLength={2000}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <button type="button" className={button.primary} disabled={busy} onClick={() => void decide('resolved')}>
            {t('adminReports.resolve')}
            <span className="sr-only"> ({name})</span>
          </button>
          <button type="button" className={button.secondary} disabled={busy} onClick={() => void decide('dismissed')}>
            {t('adminReports.dismiss')}
            <span className="sr-only"> ({name})</span>
          </button>
          <a className="text-sm underline" href={`${base}/review?nodeId=${node}`}>
            {t('adminReports.reviewLink')}
          </a>
          <a className="text-sm underline" href={`${base}/nodes?search=${node}`}>
            {t('adminReports.banLink')}
          </a>
        </div>
      )}
    </li>
  );
}

// The API sends a report's reason as a plain string; each reason the form offers has its words.
const REASON_KEYS = new Map<string, PlainKey>(
  Object.entries({
    malware: 'packReport.reasons.malware',
    broken: 'packReport.reasons.broken',
    spam: 'packReport.reasons.spam',
    license: 'packReport.reasons.license',
    other: 'packReport.reasons.other',
  } satisfies Record<ReportReason, PlainKey>),
);

const EMPTY: Record<ReportStatus, PlainKey> = {
  open: 'adminReports.empty',
  resolved: 'modPolish.reports.emptyResolved',
  dismissed: 'modPolish.reports.emptyDismissed',
};

/** The triage queue: open reports oldest first, and the closed ones (resolved, dismissed) newest first. */
export function ReportsQueue() {
  const { t } = useAdmin();
  const [params, setParams] = useUrlState();
  const [undo, setUndo] = useState<UndoTarget | null>(null);
  const wanted = params.get('status');
  const status: ReportStatus = STATUSES.find((value) => value === wanted) ?? 'open';
  const query = useApiQuery('/admin/reports', { query: { status } });
  return (
    <section aria-labelledby="admin-reports-title" className="flex flex-col gap-4 pb-24" data-testid="admin-reports">
      <h2 id="admin-reports-title" className="text-xl font-semibold">
        {t('admin.nav.reports')}
      </h2>
      <div role="group" aria-label={t('modPolish.reports.show')} className="flex flex-wrap gap-1">
        {STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            className={status === value ? button.primary : button.secondary}
            onClick={() => setParams({ status: value === 'open' ? null : value })}
          >
            {t(`modPolish.reports.${value}`)}
          </button>
        ))}
      </div>
      <QueryStatus query={query} />
      {query.data &&
        (query.data.reports.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t(EMPTY[status])}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {query.data.reports.map((report) => (
              <ReportItem key={report.id} report={report} onDecided={setUndo} />
            ))}
          </ul>
        ))}
      <UndoBar target={undo} onDone={() => setUndo(null)} />
    </section>
  );
}
