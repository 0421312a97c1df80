import { useState } from 'react';
import { useApiQuery } from '../../lib/query/hooks.ts';
import { ClaimPanel } from './ClaimPanel.tsx';
import { useDashboard } from './context.ts';
import { CreatePublisherForm } from './CreatePublisherForm.tsx';
import { PublisherCard } from './PublisherCard.tsx';
import { PublishGuide } from './publish/PublishGuide.tsx';
import { QueryState } from './ui/QueryState.tsx';
import { button, muted } from '../ui/styles.ts';

/** Everything a signed-in user manages: publishers, their nodes and tokens, publishing and claims. */
export function DashboardContent() {
  const { t } = useDashboard();
  const publishers = useApiQuery('/users/publishers/');
  const [creating, setCreating] = useState(false);
  const list = publishers.data ?? [];
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-semibold">{t('dashboard.publishers.heading')}</h2>
        {!creating && (
          <button type="button" className={button.primary} onClick={() => setCreating(true)}>
            {t('dashboard.publishers.new')}
          </button>
        )}
      </div>
      {creating && <CreatePublisherForm onDone={() => setCreating(false)} />}
      <QueryState query={publishers}>
        {(data) =>
          data.length === 0 ? (
            !creating && <p className={muted}>{t('dashboard.publishers.empty')}</p>
          ) : (
            <div className="flex flex-col gap-6">
              {data.map((publisher) => (
                <PublisherCard key={publisher.id} publisher={publisher} />
              ))}
            </div>
          )
        }
      </QueryState>
      <PublishGuide publishers={list} open={publishers.isSuccess && list.length === 0} />
      <ClaimPanel />
    </div>
  );
}
