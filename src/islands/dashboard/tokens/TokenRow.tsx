import { useState } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import type { AccessToken } from '../../../lib/dashboard/api-types.ts';
import { api } from '../../../lib/dashboard/paths.ts';
import { isExpired } from '../../../lib/dashboard/token-expiry.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { useDashboard } from '../context.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { StatusBadge } from '../ui/StatusBadge.tsx';
import { button, muted } from '../../ui/styles.ts';

/** A token as listed (never its secret: only the prefix that tells tokens apart), and revoke. */
export function TokenRow({ token, publisherId }: { token: AccessToken; publisherId: string }) {
  const { t, lang } = useDashboard();
  const [revoking, setRevoking] = useState(false);
  const revoke = useApiMutation<void, void>('DELETE', api.token(publisherId, token.id));
  const expired = isExpired(token.expiresAt, new Date());
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="token-row">
      <div className="min-w-0">
        <p className="font-medium">
          {token.name} {expired && <StatusBadge tone="bad" label={t('dashboard.tokens.expired')} />}
        </p>
        {token.description && <p className={muted}>{token.description}</p>}
        <p className={`${muted} mt-1`}>
          {t('dashboard.tokens.prefix')}{' '}
          <code dir="ltr" className="font-mono">
            {token.displayPrefix}…
          </code>
          {' · '}
          {t('dashboard.tokens.createdOn', { date: formatDate(token.createdAt, lang) })}
          {' · '}
          {token.expiresAt
            ? t('dashboard.tokens.expiresOn', { date: formatDate(token.expiresAt, lang) })
            : t('dashboard.tokens.expiryNever')}
          {' · '}
          {token.lastUsedAt
            ? t('dashboard.tokens.lastUsed', { date: formatDate(token.lastUsedAt, lang) })
            : t('dashboard.tokens.notUsed')}
        </p>
      </div>
      <button type="button" className={button.dangerGhost} onClick={() => setRevoking(true)}>
        {t('dashboard.tokens.revoke')}
        <span className="sr-only"> {token.name}</span>
      </button>
      <ConfirmDialog
        cancelLabel={t('dashboard.cancel')}
        open={revoking}
        title={t('dashboard.tokens.revokeTitle', { name: token.name })}
        body={t('dashboard.tokens.revokeBody')}
        confirmLabel={t('dashboard.tokens.revoke')}
        pendingLabel={t('dashboard.tokens.revoking')}
        pending={revoke.isPending}
        error={revoke.error ? apiErrorText(t, revoke.error) : null}
        onClose={() => {
          revoke.reset();
          setRevoking(false);
        }}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              toast.success(t('dashboard.tokens.revoked', { name: token.name }));
              setRevoking(false);
            },
            onError: (error) => toast.error(apiErrorText(t, error)),
          })
        }
      />
    </li>
  );
}
