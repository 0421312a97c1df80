import type { ApiSchema } from '../../../lib/api/types.ts';
import { useDashboard } from '../context.ts';
import { FindingItem } from './FindingItem.tsx';

/** One version's entry of GET /nodes/{nodeId}/scan-warnings. */
export type VersionWarningsEntry = ApiSchema<'NodeScanWarnings'>['versions'][number];

/**
 * The medium and low findings of an Active version, collapsed under one line: they did not hold the
 * version, but the publisher should still see them (the node page shows them to everyone).
 */
export function VersionWarnings({ entry }: { entry: VersionWarningsEntry }) {
  const { t } = useDashboard();
  const more = entry.total - entry.findings.length;
  return (
    <details className="mt-1" data-testid="version-warnings" data-version={entry.version}>
      <summary className="cursor-pointer font-medium text-amber-900 dark:text-amber-200">
        {t('scanWarnings.summary', { count: entry.total })}
      </summary>
      <div className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900 dark:border-amber-800 dark:bg-slate-950 dark:text-slate-100">
        <p>{t('scanWarnings.lead')}</p>
        <ol className="divide-y divide-amber-200 dark:divide-slate-800">
          {entry.findings.map((finding, index) => (
            <FindingItem key={`${finding.rule_id}-${finding.file}-${finding.line}-${index}`} finding={finding} />
          ))}
        </ol>
        {more > 0 && <p>{t('scanWarnings.more', { count: more })}</p>}
      </div>
    </details>
  );
}
