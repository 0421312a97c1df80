import { useState } from 'react';
import { formatDate } from '../../lib/format/format.ts';
import type { ApiSchema } from '../../lib/api/types.ts';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { useAdmin } from './context.ts';
import { QueryStatus } from './QueryStatus.tsx';
import { button, compactInput } from '../ui/styles.ts';
import { useAdminAction } from './use-admin-action.ts';

type AdminReport = ApiSchema<'AdminPackReport'>;
type ReportList = ApiSchema<'AdminPackReportList'>;

/** One open report: what, why, who (admins only), and the two decisions with an optional note. */
function ReportItem({ report }: { report: AdminReport }) {
  const { t, lang, base } = useAdmin();
  const { run, busy } = useAdminAction();
  const [note, setNote] = useState('');
  const noteId = `report-note-${report.id}`;
  const decide = (decision: 'resolved' | 'dismissed') =>
    void run(
      report.id,
      'POST',
      `/admin/reports/${encodeURIComponent(report.id)}/resolve`,
      { decision, note },
      t(decision === 'resolved' ? 'adminReports.resolve' : 'adminReports.dismiss'),
    );
  const node = encodeURIComponent(report.node_id);
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
          {t(`packReport.reasons.${report.reason}`)}
        </span>
      </div>
      {report.details && (
        <p className="mt-2 text-sm whitespace-pre-wrap" dir="auto">
          {report.details}
        </p>
      )}
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-slate-600 dark:text-slate-300">
        <dt>{t('adminReports.reporter')}</dt>
        <dd dir="ltr" className="text-start">
          {report.reporter.email ?? report.reporter.id}
        </dd>
        <dt>{t('adminReports.created')}</dt>
        <dd>{formatDate(report.created_at, lang, 'dateTime')}</dd>
      </dl>
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
        <button type="button" className={button.primary} disabled={busy !== null} onClick={() => decide('resolved')}>
          {t('adminReports.resolve')}
        </button>
        <button type="button" className={button.secondary} disabled={busy !== null} onClick={() => decide('dismissed')}>
          {t('adminReports.dismiss')}
        </button>
        <a className="text-sm underline" href={`${base}/review?nodeId=${node}`}>
          {t('adminReports.reviewLink')}
        </a>
        <a className="text-sm underline" href={`${base}/nodes?search=${node}`}>
          {t('adminReports.banLink')}
        </a>
      </div>
    </li>
  );
}

/** The triage queue: open reports, oldest first. */
export function ReportsQueue() {
  const { t } = useAdmin();
  const query = useApiQuery<ReportList>('/admin/reports', { status: 'open' });
  return (
    <section aria-labelledby="admin-reports-title" className="flex flex-col gap-4" data-testid="admin-reports">
      <h2 id="admin-reports-title" className="text-xl font-semibold">
        {t('adminReports.heading')}
      </h2>
      <QueryStatus query={query} />
      {query.data &&
        (query.data.reports.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('adminReports.empty')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {query.data.reports.map((report) => (
              <ReportItem key={report.id} report={report} />
            ))}
          </ul>
        ))}
    </section>
  );
}
