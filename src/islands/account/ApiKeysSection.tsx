import { useState } from 'react';
import type { TFunction } from '../../i18n/translator.ts';
import { apiKey, useApiMutation, useApiQuery } from '../../lib/query/hooks.ts';
import { toast } from '../toast/index.ts';
import type { ApiKey, CreatedApiKey } from './api-types.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { CreateKeyForm } from './CreateKeyForm.tsx';
import { formatDate } from '../../lib/format/format.ts';
import { NewKeyNotice } from './NewKeyNotice.tsx';
import { accountFailureText } from './failure-text.ts';
import { button, card, muted, td, th } from '../ui/styles.ts';

/** Create (shown once), list and revoke (after a confirmation) the caller's API keys. */
export function ApiKeysSection({ t, lang }: { t: TFunction; lang: string }) {
  const keys = useApiQuery('/customers/api-keys');
  const [fresh, setFresh] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useApiMutation('delete', '/customers/api-keys/{api_key_id}', {
    invalidates: [apiKey('/customers/api-keys'), apiKey('/customers/events')],
  });

  return (
    <section className={card} aria-labelledby="account-keys-heading" data-testid="api-keys">
      <h2 id="account-keys-heading" className="text-xl font-semibold">
        {t('account.keys.heading')}
      </h2>
      <p className={`mt-1 ${muted}`}>{t('account.keys.lead')}</p>
      <div className="mt-4 flex flex-col gap-4">
        {fresh ? (
          <NewKeyNotice t={t} apiKey={fresh} onDone={() => setFresh(null)} />
        ) : (
          <CreateKeyForm t={t} onCreated={(key) => setFresh(key)} />
        )}
        {keys.data && keys.data.api_keys.length === 0 && <p className={muted}>{t('account.keys.empty')}</p>}
        {keys.isError && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {accountFailureText(t, keys.error)}
          </p>
        )}
        {keys.data && keys.data.api_keys.length > 0 && (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse" aria-labelledby="account-keys-heading" data-testid="api-key-list">
              <thead className="border-b border-slate-200 dark:border-slate-700">
                <tr>
                  <th scope="col" className={th}>
                    {t('account.keys.name')}
                  </th>
                  <th scope="col" className={th}>
                    {t('account.keys.prefix')}
                  </th>
                  <th scope="col" className={th}>
                    {t('account.keys.createdAt')}
                  </th>
                  <th scope="col" className={th}>
                    {t('account.keys.lastUsed')}
                  </th>
                  <th scope="col" className={th}>
                    <span className="sr-only">{t('account.keys.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.api_keys.map((key) => (
                  <tr key={key.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
                    <td className={td}>
                      <div className="font-medium" dir="auto">
                        {key.name}
                      </div>
                      {key.description && (
                        <div className={muted} dir="auto">
                          {key.description}
                        </div>
                      )}
                    </td>
                    <td className={`${td} font-mono`} dir="ltr">
                      {key.key_prefix}…
                    </td>
                    <td className={`${td} whitespace-nowrap`}>{formatDate(key.created_at, lang, 'dateTime')}</td>
                    <td className={`${td} whitespace-nowrap`}>
                      {key.last_used_at ? formatDate(key.last_used_at, lang, 'dateTime') : t('account.keys.never')}
                    </td>
                    <td className={`${td} text-end`}>
                      <button
                        type="button"
                        className={button.dangerGhost}
                        onClick={() => setRevoking(key)}
                        aria-label={`${t('account.keys.revoke')}: ${key.name}`}
                        data-testid="revoke-api-key"
                      >
                        {t('account.keys.revoke')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={revoking !== null}
        title={t('account.keys.revokeTitle', { name: revoking?.name ?? '' })}
        body={t('account.keys.revokeBody')}
        confirmLabel={t('account.keys.revoke')}
        pendingLabel={t('account.keys.revoking')}
        cancelLabel={t('account.cancel')}
        pending={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          const target = revoking;
          revoke.mutate(
            { params: { path: { api_key_id: target.id ?? '' } } },
            {
              onSuccess: () => {
                toast.success(t('account.keys.revoked', { name: target.name ?? '' }));
                setRevoking(null);
              },
              onError: (error) => toast.error(accountFailureText(t, error)),
            },
          );
        }}
      />
    </section>
  );
}
