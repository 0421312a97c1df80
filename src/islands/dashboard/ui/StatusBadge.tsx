import type { StatusTone } from '../../../lib/dashboard/version-status.ts';

const TONES: Record<StatusTone, string> = {
  ok: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  wait: 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  warn: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  bad: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function StatusBadge({ tone, label }: { tone: StatusTone; label: string }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${TONES[tone]}`}>{label}</span>;
}
