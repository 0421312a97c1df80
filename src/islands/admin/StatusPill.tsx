import { useAdmin } from './context.ts';

const TONES: Record<string, string> = {
  Active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100',
  Banned: 'bg-red-100 text-red-900 dark:bg-red-900/60 dark:text-red-100',
  Flagged: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  Pending: 'bg-sky-100 text-sky-900 dark:bg-sky-900/60 dark:text-sky-100',
  Deleted: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/** `NodeVersionStatusFlagged` → a translated "Flagged" pill. */
export function StatusPill({ status }: { status: string }) {
  const { t } = useAdmin();
  const short = status.replace(/^(NodeVersionStatus|NodeStatus|PublisherStatus|UserStatus)/, '');
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[short] ?? TONES['Deleted']}`}>
      {t(`admin.status.${short}`, { defaultValue: short })}
    </span>
  );
}
