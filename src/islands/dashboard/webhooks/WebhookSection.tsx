import { useState } from 'react';
import { useApiQuery } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { QueryState } from '../ui/QueryState.tsx';
import { muted } from '../../ui/styles.ts';
import { CreateWebhookForm } from './CreateWebhookForm.tsx';
import { NewSecretNotice } from '../ui/NewSecretNotice.tsx';
import { WebhookRow } from './WebhookRow.tsx';
import type { CreatedWebhook } from './types.ts';

/**
 * A publisher's webhook endpoints (owners only), each with its last delivery. The secret of a new
 * endpoint lives in this component's state until the owner dismisses it: never in the query cache.
 */
export function WebhookSection({ publisherId }: { publisherId: string }) {
  const { t } = useDashboard();
  const query = useApiQuery('/publishers/{publisherId}/webhooks', { path: { publisherId } });
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const headingId = `webhooks-${publisherId}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3" data-testid="webhook-section">
      <h4 id={headingId} className="text-base font-semibold">
        {t('webhooks.heading')}
      </h4>
      <p className={muted}>{t('webhooks.lead')}</p>
      {created ? (
        <NewSecretNotice
          texts="webhooks"
          secret={created.secret}
          testId="new-webhook"
          onDone={() => setCreated(null)}
        />
      ) : (
        <CreateWebhookForm publisherId={publisherId} onCreated={setCreated} />
      )}
      <QueryState query={query}>
        {(webhooks) =>
          webhooks.length === 0 ? (
            <p className={muted}>{t('webhooks.empty')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-800">
              {webhooks.map((webhook) => (
                <WebhookRow key={webhook.id} webhook={webhook} publisherId={publisherId} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
