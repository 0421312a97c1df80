import { useState } from 'react';
import type { PlainKey } from '../../../i18n/message-keys.ts';
import type { ApiRequestError } from '../../../lib/api/client.ts';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import { isStatedRefusal } from '../../../lib/api/refusal.ts';
import type { ReviewRequest } from '../../../lib/dashboard/findings.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { apiKey, useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { useDashboard } from '../context.ts';
import { Field } from '../ui/Field.tsx';
import { button, input } from '../../ui/styles.ts';

interface Props {
  publisherId: string;
  nodeId: string;
  /** Named in the toast that confirms the request. */
  nodeName: string;
  version: string;
  /** The open request, if one waits: then its message is shown instead of the form. */
  pending: ReviewRequest | null;
  allowed: boolean;
}

const ERROR_KEYS: Record<string, PlainKey> = {
  review_already_requested: 'findings.request.alreadyRequested',
  review_not_applicable: 'findings.request.notApplicable',
};

/** "Request a review": a message to the moderators about one held version, or the one already sent. */
export function ReviewRequestForm({ publisherId, nodeId, nodeName, version, pending, allowed }: Props) {
  const { t, lang } = useDashboard();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const path = { publisherId, nodeId, version };
  const send = useApiMutation('post', '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/review-requests', {
    invalidates: [apiKey('/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/findings', { path })],
  });

  if (pending) {
    return (
      <div className="flex flex-col gap-1" data-testid="review-requested" role="status">
        <p>{t('findings.request.waiting', { date: formatDate(pending.created_at, lang) })}</p>
        <p className="text-xs font-medium">{t('findings.request.yourMessage')}</p>
        <blockquote dir="auto" className="border-s-4 border-slate-300 ps-3 whitespace-pre-wrap dark:border-slate-600">
          {pending.message}
        </blockquote>
      </div>
    );
  }
  if (!allowed) return null;
  if (!open) {
    return (
      <p>
        <button type="button" className={button.secondary} onClick={() => setOpen(true)}>
          {t('findings.request.open')}
          <span className="sr-only"> {version}</span>
        </button>
      </p>
    );
  }
  const fail = (failure: ApiRequestError) => {
    const key = failure.code ? ERROR_KEYS[failure.code] : undefined;
    // Any other refusal (a banned account or publisher) in its own words; a failure stays "could not be sent".
    setError(key ? t(key) : isStatedRefusal(failure) ? apiErrorText(t, failure) : t('findings.request.failed'));
  };
  return (
    <form
      className="flex max-w-xl flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!message.trim()) {
          setError(t('findings.request.required'));
          return;
        }
        setError(null);
        send.mutate(
          { params: { path }, body: { message: message.trim() } },
          {
            onSuccess: () => {
              toast.success(t('packNamed.reviewRequested', { name: nodeName, version }));
              setOpen(false);
              setMessage('');
            },
            onError: fail,
          },
        );
      }}
    >
      <Field
        label={t('findings.request.messageLabel')}
        help={t('findings.request.messageHint')}
        error={error ?? undefined}
      >
        {({ id, describedBy, invalid }) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={invalid}
            dir="auto"
            rows={4}
            maxLength={2000}
            className={input}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={button.primary} disabled={send.isPending}>
          {send.isPending ? t('findings.request.sending') : t('findings.request.submit')}
        </button>
        <button
          type="button"
          className={button.secondary}
          onClick={() => {
            setOpen(false);
            setError(null);
          }}
        >
          {t('findings.request.cancel')}
        </button>
      </div>
    </form>
  );
}
