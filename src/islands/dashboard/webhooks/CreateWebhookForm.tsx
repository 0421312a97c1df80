import { useState } from 'react';
import { apiErrorText, apiFieldErrors } from '../../../lib/api/error-text.ts';
import { toast } from '../../toast/index.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { button } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import { TextField } from '../ui/TextField.tsx';
import { apiKey, useApiMutation } from '../../../lib/query/hooks.ts';
import { SUBSCRIBABLE_EVENTS, type CreatedWebhook, type SubscribableEvent } from './types.ts';

interface Props {
  publisherId: string;
  onCreated: (webhook: CreatedWebhook) => void;
}

/** Address, optional description and the events of a new endpoint (the verdict events checked by default). */
export function CreateWebhookForm({ publisherId, onCreated }: Props) {
  const { t } = useDashboard();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<SubscribableEvent[]>(['version.active', 'version.flagged']);
  // gcTime 0: the result holds the secret, which must not outlive the notice.
  const create = useApiMutation('post', '/publishers/{publisherId}/webhooks', {
    invalidates: [apiKey('/publishers/{publisherId}/webhooks', { path: { publisherId } })],
    gcTime: 0,
  });
  const errors = apiFieldErrors(t, create.error);
  const toggle = (event: SubscribableEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
  const ready = url.trim() !== '' && events.length > 0;

  return (
    <form
      className="flex flex-col gap-3"
      data-testid="create-webhook-form"
      onSubmit={(submit) => {
        submit.preventDefault();
        if (!ready) return;
        create.mutate(
          { params: { path: { publisherId } }, body: { url: url.trim(), description: description.trim(), events } },
          {
            onSuccess: (webhook) => {
              onCreated(webhook);
              setUrl('');
              setDescription('');
              create.reset();
              toast.success(t('webhooks.added', { url: webhook.url }));
            },
            onError: (error) => toast.error(apiErrorText(t, error)),
          },
        );
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('webhooks.url')}
          help={t('webhooks.urlHelp')}
          error={errors['url']}
          name="webhook-url"
          type="url"
          inputMode="url"
          dir="ltr"
          placeholder="https://"
          value={url}
          onValueChange={setUrl}
          required
          maxLength={2000}
        />
        <TextField
          label={t('webhooks.description')}
          error={errors['description']}
          name="webhook-description"
          value={description}
          onValueChange={setDescription}
          maxLength={200}
        />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="text-sm font-medium">{t('webhooks.events')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {SUBSCRIBABLE_EVENTS.map(([event, labelKey]) => (
            <label key={event} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="webhook-events"
                value={event}
                checked={events.includes(event)}
                onChange={(change) => toggle(event, change.target.checked)}
              />
              <span>{t(labelKey)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <button type="submit" className={button.primary} disabled={create.isPending || !ready}>
          {create.isPending ? t('webhooks.adding') : t('webhooks.add')}
        </button>
      </div>
      <ErrorNote message={create.error ? apiErrorText(t, create.error) : null} />
    </form>
  );
}
