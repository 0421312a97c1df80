import { formatDate } from '../../lib/format/format.ts';
import { useAdmin } from './context.ts';
import type { QueueItem } from './review-types.ts';

/** The publisher's open request for another look, with their message as they wrote it. */
export function ReviewRequestNote({ request }: { request: QueueItem['review_request'] }) {
  const { t, lang } = useAdmin();
  if (!request) return null;
  return (
    <div
      className="mt-2 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-testid="review-request"
    >
      <p className="font-medium">{t('findings.admin.requested', { date: formatDate(request.created_at, lang) })}</p>
      <p className="mt-1 text-xs font-medium">{t('findings.admin.message')}</p>
      <blockquote dir="auto" className="border-s-4 border-brand-500 ps-3 whitespace-pre-wrap">
        {request.message}
      </blockquote>
    </div>
  );
}
