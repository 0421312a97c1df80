import { StatusBadge, type BadgeTone } from '../ui/StatusBadge.tsx';
import { useAdmin } from './context.ts';

const TONES: Record<string, BadgeTone> = {
  Active: 'ok',
  Banned: 'bad',
  Flagged: 'warn',
  Pending: 'info',
  Deleted: 'wait',
};

/** `NodeVersionStatusFlagged` → a translated "Flagged" pill (the kit's status badge). */
export function StatusPill({ status }: { status: string }) {
  const { t } = useAdmin();
  const short = status.replace(/^(NodeVersionStatus|NodeStatus|PublisherStatus|UserStatus)/, '');
  return <StatusBadge tone={TONES[short] ?? 'wait'} label={t(`admin.status.${short}`, { defaultValue: short })} />;
}
