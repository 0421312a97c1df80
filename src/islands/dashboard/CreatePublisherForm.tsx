import { useState } from 'react';
import { apiErrorText, apiFieldErrors, codeText } from '../../lib/api/error-text.ts';
import { apiKey, useApiMutation, useApiQuery } from '../../lib/query/hooks.ts';
import { toast } from '../toast/index.ts';
import { useDashboard } from './context.ts';
import { ensureFreshVerification } from '../stores/auth.ts';
import { ErrorNote } from '../ui/ErrorNote.tsx';
import { isEmailNotVerified, VerifyEmailNote } from './ui/VerifyEmailNote.tsx';
import { TextAreaField, TextField } from './ui/TextField.tsx';
import { button, card, input } from '../ui/styles.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * New publisher: the id is checked against GET /publishers/validate once typing pauses (never on
 * every keystroke, never for an empty box), and the server's reason is shown under the field.
 */
export function CreatePublisherForm({ onDone }: { onDone: (id: string | null) => void }) {
  const { t } = useDashboard();
  const [id, setId] = useState('');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const settledId = useDebouncedValue(id.trim(), 400);
  const check = useApiQuery(
    '/publishers/validate',
    { query: { username: settledId } },
    { enabled: settledId.length > 0, gcTime: 60_000 },
  );
  const create = useApiMutation('post', '/publishers', { invalidates: [apiKey('/users/publishers/')] });
  const serverErrors = apiFieldErrors(t, create.error);
  const typing = id.trim() !== settledId;
  const checking = settledId.length > 0 && (typing || check.isFetching);
  const idProblem =
    !typing && check.data && !check.data.isAvailable ? codeText(t, check.data.error, check.data.message) : undefined;
  const idOk = !typing && !check.isFetching && check.data?.isAvailable === true;
  const canSubmit = idOk && name.trim().length > 0 && !create.isPending;

  const idHelp = checking
    ? t('dashboard.createPublisher.checking')
    : idOk
      ? t('dashboard.createPublisher.available', { id: settledId })
      : t('dashboard.createPublisher.idHelp');

  return (
    <form
      className={`${card} flex flex-col gap-4`}
      aria-labelledby="create-publisher-heading"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!canSubmit) return;
        const body = {
          id: id.trim(),
          name: name.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
        };
        await ensureFreshVerification();
        create.mutate(
          { body },
          {
            onSuccess: (publisher) => {
              toast.success(t('dashboard.createPublisher.created', { id: publisher.id }));
              onDone(publisher.id);
            },
            onError: (error) =>
              toast.error(isEmailNotVerified(error) ? t('dashboard.verify.needed') : apiErrorText(t, error)),
          },
        );
      }}
      data-testid="create-publisher-form"
    >
      <h3 id="create-publisher-heading" className="text-lg font-semibold">
        {t('dashboard.createPublisher.heading')}
      </h3>
      <TextField
        label={t('dashboard.createPublisher.idLabel')}
        help={idHelp}
        error={idProblem ?? serverErrors['id']}
        className={`${input} font-mono`}
        dir="ltr"
        value={id}
        onValueChange={setId}
        autoComplete="off"
        spellCheck={false}
        required
        maxLength={100}
        name="publisher-id"
      />
      <TextField
        label={t('dashboard.createPublisher.nameLabel')}
        error={serverErrors['name']}
        value={name}
        onValueChange={setName}
        required
        maxLength={100}
        name="publisher-name"
      />
      <TextAreaField
        label={t('dashboard.createPublisher.descriptionLabel')}
        error={serverErrors['description']}
        rows={2}
        value={description}
        onValueChange={setDescription}
        maxLength={2000}
      />
      <ErrorNote message={create.error && !isEmailNotVerified(create.error) ? apiErrorText(t, create.error) : null} />
      <VerifyEmailNote error={create.error} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={button.secondary} onClick={() => onDone(null)} disabled={create.isPending}>
          {t('dashboard.cancel')}
        </button>
        <button type="submit" className={button.primary} disabled={!canSubmit}>
          {create.isPending ? t('dashboard.createPublisher.creating') : t('dashboard.createPublisher.submit')}
        </button>
      </div>
    </form>
  );
}
