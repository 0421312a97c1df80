import { useState } from 'react';
import { loadApiErrorText } from '../../i18n/load-api-error-text.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { apiKey, useApiMutation } from '../../lib/query/hooks.ts';
import { Field } from '../dashboard/ui/Field.tsx';
import { button, input } from '../ui/styles.ts';

interface Props {
  t: TFunction;
  lang: Locale;
  /** The banned publisher appealed for (POST /publishers/{id}/ban-appeal); absent: the account's own ban. */
  publisherId?: string | undefined;
  /** The sentence before the button (first appeal, or again after an answer). */
  lead: string;
  /** What is banned, for the button's accessible name when several notices are shown. */
  name: string;
}

/** "Appeal this ban": a message to the administrators; once sent, GET /users shows it as waiting. */
export function AppealForm({ t, lang, publisherId, lead, name }: Props) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  // The notice re-reads GET /users, which now carries the waiting appeal (and the dashboard its publishers).
  const invalidates = [apiKey('/users'), apiKey('/users/publishers/')];
  const appealAccount = useApiMutation('post', '/users/ban-appeal', { invalidates });
  const appealPublisher = useApiMutation('post', '/publishers/{publisherId}/ban-appeal', { invalidates });
  const pending = appealAccount.isPending || appealPublisher.isPending;

  if (!open) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <p>{lead}</p>
        <button type="button" className={button.secondary} onClick={() => setOpen(true)}>
          {t('banNotice.appealOpen')}
          <span className="sr-only"> ({name})</span>
        </button>
      </div>
    );
  }
  return (
    <form
      className="mt-3 flex max-w-xl flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (!message.trim()) {
          setError(t('banNotice.appealRequired'));
          return;
        }
        setError(null);
        const body = { message: message.trim() };
        // The error texts load on the first refusal (they are not in the page: i18n/load-api-error-text.ts).
        const onError = (failure: unknown) =>
          void loadApiErrorText(lang, failure).then(setError, () => setError(t('banNotice.appealFailed')));
        if (publisherId) appealPublisher.mutate({ params: { path: { publisherId } }, body }, { onError });
        else appealAccount.mutate({ body }, { onError });
      }}
    >
      <Field label={t('banNotice.appealLabel')} help={t('banNotice.appealHint')} error={error ?? undefined}>
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
            data-testid="appeal-message"
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className={button.primary} disabled={pending} data-testid="appeal-send">
          {pending ? t('banNotice.appealSending') : t('banNotice.appealSend')}
        </button>
        <button
          type="button"
          className={button.secondary}
          onClick={() => {
            setOpen(false);
            setError(null);
          }}
        >
          {t('banNotice.appealCancel')}
        </button>
      </div>
    </form>
  );
}
