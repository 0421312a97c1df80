import { useState } from 'react';
import { apiErrorText, apiFieldErrors } from '../../lib/api/error-text.ts';
import type { Publisher } from '../../lib/dashboard/api-types.ts';
import { apiKey, useApiMutation } from '../../lib/query/hooks.ts';
import { toast } from '../toast/index.ts';
import { useDashboard } from './context.ts';
import { ErrorNote } from '../ui/ErrorNote.tsx';
import { TextAreaField, TextField } from './ui/TextField.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { button } from '../ui/styles.ts';

interface Props {
  publisher: Publisher;
  open: boolean;
  onClose: () => void;
}

/** Display name and description of a publisher (its id never changes). */
export function EditPublisherDialog({ publisher, open, onClose }: Props) {
  const { t } = useDashboard();
  return (
    <Dialog open={open} title={t('dashboard.publishers.editTitle', { id: publisher.id })} onClose={onClose}>
      {/* Remounted per opening, so the form starts from the current values. */}
      {open && <EditPublisherForm publisher={publisher} onClose={onClose} />}
    </Dialog>
  );
}

function EditPublisherForm({ publisher, onClose }: Omit<Props, 'open'>) {
  const { t } = useDashboard();
  const [name, setName] = useState(publisher.name);
  const [description, setDescription] = useState(publisher.description ?? '');
  const update = useApiMutation('put', '/publishers/{publisherId}', { invalidates: [apiKey('/users/publishers/')] });
  const errors = apiFieldErrors(t, update.error);
  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          {
            params: { path: { publisherId: publisher.id } },
            body: { name: name.trim(), description: description.trim() },
          },
          {
            onSuccess: () => {
              toast.success(t('dashboard.publishers.updated'));
              onClose();
            },
            onError: (error) => toast.error(apiErrorText(t, error)),
          },
        );
      }}
    >
      <TextField
        label={t('dashboard.createPublisher.nameLabel')}
        error={errors['name']}
        value={name}
        onValueChange={setName}
        required
        maxLength={100}
      />
      <TextAreaField
        label={t('dashboard.createPublisher.descriptionLabel')}
        error={errors['description']}
        rows={3}
        value={description}
        onValueChange={setDescription}
        maxLength={2000}
      />
      <ErrorNote message={update.error ? apiErrorText(t, update.error) : null} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={button.secondary} onClick={onClose} disabled={update.isPending}>
          {t('dashboard.cancel')}
        </button>
        <button type="submit" className={button.primary} disabled={update.isPending || !name.trim()}>
          {update.isPending ? t('dashboard.saving') : t('dashboard.save')}
        </button>
      </div>
    </form>
  );
}
