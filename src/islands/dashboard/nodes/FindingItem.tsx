import { ruleKeys, severityTone, type ScanFinding } from '../../../lib/dashboard/findings.ts';
import { useDashboard } from '../context.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

/**
 * One scanner finding in the publisher's language: the rule's title and plain explanation (by rule
 * id), where it is, and the code it matched. Paths and code stay left-to-right inside RTL pages.
 */
export function FindingItem({ finding }: { finding: ScanFinding }) {
  const { t } = useDashboard();
  const keys = ruleKeys(finding.rule_id, (key) => t(key) !== key);
  return (
    <li className="flex flex-col gap-1 py-2" data-testid="finding" data-rule={finding.rule_id}>
      <p className="flex flex-wrap items-center gap-2">
        <StatusBadge tone={severityTone(finding.severity)} label={t(`findings.severity.${finding.severity}`)} />
        <strong className="font-semibold">{keys ? t(keys.title) : t('findings.unknownRule')}</strong>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {t('findings.rule', { rule: finding.rule_id })}
        </span>
      </p>
      {/* Unknown to this build: the server's English text is better than nothing. */}
      <p>{keys ? t(keys.explanation) : <span lang="en">{finding.message}</span>}</p>
      <p className="text-xs text-slate-700 dark:text-slate-300">
        {t('findings.file')}:{' '}
        <code dir="ltr" className="font-mono break-all">
          {finding.file}
        </code>
        {finding.line !== null && <> · {t('findings.line', { line: finding.line })}</>}
      </p>
      {finding.snippet && (
        <figure className="m-0">
          <figcaption className="sr-only">{t('findings.code')}</figcaption>
          <pre
            dir="ltr"
            className="overflow-x-auto rounded-md bg-slate-900 p-2 text-start font-mono text-xs whitespace-pre-wrap text-slate-50"
          >
            <code>{finding.snippet}</code>
          </pre>
        </figure>
      )}
    </li>
  );
}
