import type { StatusTone } from '../../lib/dashboard/version-status.ts';

/** A status's colour: the word carries the meaning, the colour only helps (never colour alone). */
export type BadgeTone = StatusTone | 'info';

const TONES: Record<BadgeTone, string> = {
  ok: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  wait: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  warn: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  bad: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
  info: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
};

/** The one status pill of the dashboard and the admin screens (a version's, a node's, a delivery's …). */
export function StatusBadge({ tone, label }: { tone: BadgeTone; label: string }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{label}</span>;
}
