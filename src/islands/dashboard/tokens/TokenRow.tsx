import type { AccessToken } from '../../../lib/dashboard/api-types.ts';
import { apiKey, useApiMutation } from '../../../lib/query/hooks.ts';
import { isExpired } from '../../../lib/dashboard/token-expiry.ts';
import { useDashboard } from '../context.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { muted } from '../../ui/styles.ts';
import { ConfirmedDelete } from '../../ui/ConfirmedDelete.tsx';

/** A token as listed (never its secret: only the prefix that tells tokens apart), and revoke. */
export function TokenRow({ token, publisherId }: { token: AccessToken; publisherId: string }) {
  const { t, lang } = useDashboard();
  const expired = isExpired(token.expiresAt, new Date());
  const revoke = useApiMutation('delete', '/publishers/{publisherId}/tokens/{tokenId}', {
    invalidates: [apiKey('/publishers/{publisherId}/tokens', { path: { publisherId } })],
  });
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
      <ConfirmedDelete
        t={t}
        cancelLabel={t('dashboard.cancel')}
        remove={revoke}
        variables={{ params: { path: { publisherId, tokenId: token.id } } }}
        label={t('dashboard.tokens.revoke')}
        name={token.name}
        title={t('dashboard.tokens.revokeTitle', { name: token.name })}
        body={t('dashboard.tokens.revokeBody')}
        pendingLabel={t('dashboard.tokens.revoking')}
        done={t('dashboard.tokens.revoked', { name: token.name })}
      />
    </li>
  );
}
