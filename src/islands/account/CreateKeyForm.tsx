import { useId, useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { apiKey, useApiMutation } from '../../lib/query/hooks.ts';
import { toast } from '../toast/index.ts';
import type { CreatedApiKey } from './api-types.ts';
import { accountFailureText } from './failure-text.ts';
import { button, input, label } from '../ui/styles.ts';

interface Props {
  t: TFunction;
  onCreated: (key: CreatedApiKey) => void;
}

/** Name and optional description of a new API key. */
export function CreateKeyForm({ t, onCreated }: Props) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const nameId = useId();
  const descriptionId = useId();
  // gcTime 0: the result holds the secret, which must not linger in a cache.
  const create = useApiMutation('post', '/customers/api-keys', {
    invalidates: [apiKey('/customers/api-keys'), apiKey('/customers/events')],
    gcTime: 0,
  });
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) return;
        create.mutate(
          { body: { name: name.trim(), description: description.trim() } },
          {
            onSuccess: ({ api_key }) => {
              onCreated(api_key);
              setName('');
              setDescription('');
              create.reset();
              toast.success(t('account.keys.created', { name: api_key.name ?? '' }));
            },
            onError: (error) => toast.error(accountFailureText(t, error)),
          },
        );
      }}
      data-testid="create-api-key-form"
    >
      <div>
        <label htmlFor={nameId} className={label}>
          {t('account.keys.name')}
        </label>
        <input
          id={nameId}
          name="api-key-name"
          className={input}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          maxLength={100}
        />
      </div>
      <div>
        <label htmlFor={descriptionId} className={label}>
          {t('account.keys.description')}
        </label>
        <input
          id={descriptionId}
          name="api-key-description"
          className={input}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={500}
        />
      </div>
      <button type="submit" className={button.primary} disabled={create.isPending || !name.trim()}>
        {create.isPending ? t('account.keys.creating') : t('account.keys.create')}
      </button>
    </form>
  );
}
