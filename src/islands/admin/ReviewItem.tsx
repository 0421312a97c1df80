import { useId, useState } from 'react';
import { localizedPath } from '../../lib/locale-path.ts';
import { useAdmin } from './context.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { FindingsList } from './FindingsList.tsx';
import { hasCriticalFindings, versionLabel, type Decision, type QueueItem } from './review-types.ts';
import { ReviewRequestNote } from './ReviewRequestNote.tsx';
import { StatusPill } from './StatusPill.tsx';
import { button, compactCard, compactInput, muted } from '../ui/styles.ts';

interface Props {
  item: QueueItem;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onReview: (decision: Decision, reason: string) => Promise<boolean>;
  busy: boolean;
}

/** One version in the queue: what it is, what the scanner found, and the three decisions. */
export function ReviewItem({ item, selected, onSelect, onReview, busy }: Props) {
  const { t, lang } = useAdmin();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const label = `${item.node.id}@${item.version.version}`;
  const [confirming, setConfirming] = useState<'approve' | 'ban' | null>(null);
  const critical = hasCriticalFindings(item);
  const named = versionLabel(item);
  const decide = async (decision: Decision, given = reason.trim()) => {
    if (await onReview(decision, given || t(`admin.review.defaultReason.${decision}`))) setReason('');
  };
  // Approving what the scanner calls critical needs a reason of its own and a second look; a ban always asks for
  // one (the publisher is shown it), starting from what the reason field already says.
  const approve = () => (critical ? setConfirming('approve') : void decide('approve'));
  return (
    <article className={compactCard} aria-label={label} data-testid="review-item">
      <header className="flex flex-wrap items-center gap-3">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={selected}
          onChange={(event) => onSelect(event.target.checked)}
          aria-label={t('admin.review.select', { name: label })}
        />
        <h3 className="text-lg font-semibold" dir="ltr">
          {item.node.id}
          <span className="text-slate-500">@{item.version.version}</span>
        </h3>
        {item.version.status && <StatusPill status={item.version.status} />}
        <a
          className="text-sm text-brand-600 underline dark:text-brand-100"
          href={localizedPath(lang, `/nodes/${item.node.id}`)}
        >
          {t('admin.review.nodePage')}
        </a>
        {item.version.downloadUrl && (
          <a className="text-sm text-brand-600 underline dark:text-brand-100" href={item.version.downloadUrl}>
            {t('admin.review.download')}
          </a>
        )}
      </header>
      <p className={`${muted} mt-2`}>
        {t('admin.review.meta', { publisher: item.node.publisher_id, count: item.finding_count })}{' '}
        {item.previous_approved_version
          ? t('admin.review.previous', { version: item.previous_approved_version })
          : t('admin.review.noPrevious')}
        {/* A failed scan has no rule set: its error line below says what happened. */}
        {item.scan?.ruleset_version &&
          ` · ${t('admin.review.scan', { outcome: item.scan.outcome, ruleset: item.scan.ruleset_version })}`}
      </p>
      {item.version.status_reason && <p className="mt-1 text-sm">{item.version.status_reason}</p>}
      {item.scan?.error && (
        <p className="mt-1 text-sm text-red-700 dark:text-red-300" data-testid="scan-error">
          {t('admin.review.scanError', { error: item.scan.error })}
        </p>
      )}
      <ReviewRequestNote request={item.review_request ?? null} />
      <div className="mt-3">
        <FindingsList item={item} />
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-2">
        <label htmlFor={reasonId} className="flex min-w-64 flex-1 flex-col gap-1 text-sm">
          {t('admin.review.reason')}
          <input
            id={reasonId}
            className={compactInput}
            value={reason}
            placeholder={t('admin.review.reasonPlaceholder')}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <button type="button" className={button.success} disabled={busy} onClick={approve}>
          {t('admin.review.approve')}
        </button>
        <button
          type="button"
          className={button.warn}
          disabled={busy || item.version.status === 'NodeVersionStatusFlagged'}
          onClick={() => void decide('flag')}
        >
          {t('admin.review.flag')}
        </button>
        <button type="button" className={button.danger} disabled={busy} onClick={() => setConfirming('ban')}>
          {t('admin.review.ban')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming === 'approve'}
        title={t('admin.review.criticalTitle', { name: label })}
        body={t('admin.review.criticalBody')}
        confirmLabel={t('admin.review.criticalConfirm')}
        cancelLabel={t('admin.cancel')}
        tone="warn"
        pending={busy}
        reason={{ label: t('admin.review.criticalReason'), required: true }}
        onConfirm={(given) => {
          setConfirming(null);
          void decide('approve', given);
        }}
        onClose={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'ban'}
        title={t('modPolish.review.banTitle', named)}
        body={t('modPolish.review.banBody')}
        confirmLabel={t('modPolish.review.banConfirm')}
        cancelLabel={t('admin.cancel')}
        tone="danger"
        pending={busy}
        reason={{ label: t('modPolish.review.banReason'), required: true }}
        onConfirm={(given) => {
          setConfirming(null);
          void decide('ban', given);
        }}
        onClose={() => setConfirming(null)}
      />
    </article>
  );
}
