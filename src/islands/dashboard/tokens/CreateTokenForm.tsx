import { useState } from 'react';
import { apiErrorText, apiFieldErrors } from '../../../lib/api/error-text.ts';
import type { CreatedAccessToken } from '../../../lib/dashboard/api-types.ts';
import { EXPIRY_CHOICES, tokenCreateBody, type ExpiryChoice } from '../../../lib/dashboard/token-expiry.ts';
import { apiKey, useApiMutation } from '../../../lib/query/hooks.ts';
import { ensureFreshVerification } from '../../stores/auth.ts';
import { toast } from '../../toast/index.ts';
import { useDashboard } from '../context.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { Field } from '../ui/Field.tsx';
import { TextField } from '../ui/TextField.tsx';
import { button, input } from '../../ui/styles.ts';
import { isEmailNotVerified, VerifyEmailNote } from '../ui/VerifyEmailNote.tsx';

interface Props {
  publisherId: string;
  onCreated: (token: CreatedAccessToken) => void;
}

/** Name, optional description and expiry of a new token. */
export function CreateTokenForm({ publisherId, onCreated }: Props) {
  const { t } = useDashboard();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState<ExpiryChoice>(90);
  // The result holds the secret, which must not linger in the mutation cache after the notice is
  // closed (gcTime 0 drops it as soon as nothing observes it).
  const create = useApiMutation('post', '/publishers/{publisherId}/tokens', {
    invalidates: [apiKey('/publishers/{publisherId}/tokens', { path: { publisherId } })],
    gcTime: 0,
  });
  const errors = apiFieldErrors(t, create.error);

  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!name.trim()) return;
        await ensureFreshVerification();
        const body = tokenCreateBody({ name, description, expiresInDays: expiry });
        create.mutate(
          { params: { path: { publisherId } }, body },
          {
            onSuccess: (token) => {
              onCreated(token);
              setName('');
              setDescription('');
              create.reset();
              toast.success(t('dashboard.tokens.created', { name: token.name }));
            },
            onError: (error) =>
              toast.error(isEmailNotVerified(error) ? t('dashboard.verify.needed') : apiErrorText(t, error)),
          },
        );
      }}
      data-testid="create-token-form"
    >
      <TextField
        label={t('dashboard.tokens.name')}
        error={errors['name']}
        name="token-name"
        value={name}
        onValueChange={setName}
        required
        maxLength={100}
      />
      <TextField
        label={t('dashboard.tokens.description')}
        error={errors['description']}
        name="token-description"
        value={description}
        onValueChange={setDescription}
        maxLength={500}
      />
      <Field label={t('dashboard.tokens.expiry')} error={errors['expires_in_days']}>
        {({ id, describedBy }) => (
          <select
            id={id}
            name="token-expiry"
            className={input}
            value={expiry ?? 'never'}
            onChange={(event) =>
              setExpiry(event.target.value === 'never' ? null : (Number(event.target.value) as ExpiryChoice))
            }
            aria-describedby={describedBy}
          >
            {EXPIRY_CHOICES.map((days) => (
              <option key={days ?? 'never'} value={days ?? 'never'}>
                {days ? t('dashboard.tokens.expiryDays', { count: days }) : t('dashboard.tokens.expiryNever')}
              </option>
            ))}
          </select>
        )}
      </Field>
      <button type="submit" className={button.primary} disabled={create.isPending || !name.trim()}>
        {create.isPending ? t('dashboard.tokens.creating') : t('dashboard.tokens.create')}
      </button>
      <div className="sm:col-span-4">
        <ErrorNote message={create.error && !isEmailNotVerified(create.error) ? apiErrorText(t, create.error) : null} />
        <VerifyEmailNote error={create.error} />
      </div>
    </form>
  );
}
