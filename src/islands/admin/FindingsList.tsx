import { useAdmin } from './context.ts';
import type { QueueItem } from './review-types.ts';

const SEVERITY_TONE: Record<string, string> = {
  critical: 'bg-red-700 text-white',
  high: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  low: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** Findings grouped by file, each file a disclosure; findings already approved before are marked. */
export function FindingsList({ item }: { item: QueueItem }) {
  const { t } = useAdmin();
  // "Found nothing" would mislead when the scan never finished (ReviewItem shows its error instead).
  if (item.files.length === 0 && item.scan?.outcome === 'failed') return null;
  if (item.files.length === 0)
    return <p className="text-sm text-slate-600 dark:text-slate-300">{t('admin.review.noFindings')}</p>;
  return (
    <ul className="flex flex-col gap-2" aria-label={t('admin.review.findings')}>
      {item.files.map((file) => {
        const fresh = file.findings.filter((f) => !f.knownInPreviousVersion).length;
        return (
          <li key={file.file}>
            <details open={fresh > 0} className="rounded-lg border border-slate-200 dark:border-slate-700">
              <summary className="cursor-pointer px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-500">
                <code dir="ltr">{file.file || t('admin.review.archive')}</code>{' '}
                <span className="text-slate-600 dark:text-slate-300">
                  {t('admin.review.fileCount', { count: file.findings.length })} ·{' '}
                  {t('admin.review.fileNew', { count: fresh })}
                </span>
              </summary>
              <ul className="divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-700 dark:border-slate-700">
                {file.findings.map((f, index) => (
                  <li key={`${f.rule_id}-${f.line ?? 0}-${index}`} className="flex flex-col gap-1 px-3 py-2 text-sm">
                    <div className="flex flex-wrap items-center gap-2">
                      <span
                        className={`rounded px-1.5 py-0.5 text-xs font-semibold ${SEVERITY_TONE[f.severity] ?? SEVERITY_TONE['low']}`}
                      >
                        {t(`admin.severity.${f.severity}`, { defaultValue: f.severity })}
                      </span>
                      <code dir="ltr" className="text-xs">
                        {f.rule_id}
                      </code>
                      {f.line !== null && (
                        <span className="text-xs text-slate-600 dark:text-slate-300">
                          {t('admin.review.line', { line: f.line })}
                        </span>
                      )}
                      {f.knownInPreviousVersion ? (
                        <span
                          data-testid="known-finding"
                          className="rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100"
                        >
                          ✓ {t('admin.review.known', { version: item.previous_approved_version ?? '' })}
                        </span>
                      ) : (
                        <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">
                          {t('admin.review.new')}
                        </span>
                      )}
                    </div>
                    <p>{f.message}</p>
                    {f.snippet && (
                      // Long lines wrap, as in the publisher's view: a phone shows the whole line, no scrolling box.
                      <pre
                        dir="ltr"
                        className="rounded bg-slate-100 p-2 text-start text-xs whitespace-pre-wrap dark:bg-slate-800"
                      >
                        <code>{f.snippet}</code>
                      </pre>
                    )}
                  </li>
                ))}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
