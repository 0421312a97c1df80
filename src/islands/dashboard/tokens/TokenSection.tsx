import { useState } from 'react';
import type { CreatedAccessToken } from '../../../lib/dashboard/api-types.ts';
import { useApiQuery } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { muted } from '../../ui/styles.ts';
import { CreateTokenForm } from './CreateTokenForm.tsx';
import { NewSecretNotice } from '../ui/NewSecretNotice.tsx';
import { TokenRow } from './TokenRow.tsx';

/**
 * A publisher's personal access tokens (owners only). The secret of a new token lives in this
 * component's state until the user dismisses it: never in the query cache, never in storage.
 */
export function TokenSection({ publisherId }: { publisherId: string }) {
  const { t } = useDashboard();
  const query = useApiQuery('/publishers/{publisherId}/tokens', { path: { publisherId } });
  const [created, setCreated] = useState<CreatedAccessToken | null>(null);
  const headingId = `tokens-${publisherId}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="token-section">
      <h4 id={headingId} className="text-base font-semibold">
        {t('dashboard.tokens.heading')}
      </h4>
      <p className={muted}>{t('dashboard.tokens.lead')}</p>
      {created ? (
        <NewSecretNotice
          texts="dashboard.tokens"
          secret={created.token}
          testId="new-token"
          onDone={() => setCreated(null)}
        />
      ) : (
        <CreateTokenForm publisherId={publisherId} onCreated={setCreated} />
      )}
      <QueryState query={query}>
        {(tokens) =>
          tokens.length === 0 ? (
            <p className={muted}>{t('dashboard.tokens.empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
              {tokens.map((token) => (
                <TokenRow key={token.id} token={token} publisherId={publisherId} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
