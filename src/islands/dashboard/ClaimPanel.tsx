import { useState } from 'react';
import { claimPath } from '../../lib/dashboard/paths.ts';
import { useDashboard } from './context.ts';
import { Field } from './ui/Field.tsx';
import { button, card, input, muted } from '../ui/styles.ts';

/** Entry to claim-my-node: name the unclaimed node, then choose a publisher on the claim page. */
export function ClaimPanel() {
  const { t, lang, claimConfigured } = useDashboard();
  const [nodeId, setNodeId] = useState('');
  return (
    <section className={card} aria-labelledby="claim-heading">
      <h2 id="claim-heading" className="text-lg font-semibold">
        {t('dashboard.claim.heading')}
      </h2>
      <p className={`${muted} mt-1`}>{t('dashboard.claim.lead')}</p>
      {claimConfigured ? (
        <form
          className="mt-3 flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (nodeId.trim()) location.assign(claimPath(lang, nodeId.trim()));
          }}
        >
          <div className="min-w-[14rem] flex-1">
            <Field label={t('dashboard.claim.nodeIdLabel')}>
              {({ id, describedBy }) => (
                <input
                  id={id}
                  className={`${input} font-mono`}
                  dir="ltr"
                  value={nodeId}
                  onChange={(event) => setNodeId(event.target.value)}
                  aria-describedby={describedBy}
                  required
                  maxLength={100}
                />
              )}
            </Field>
          </div>
          <button type="submit" className={button.secondary} disabled={!nodeId.trim()}>
            {t('dashboard.claim.continue')}
          </button>
        </form>
      ) : (
        <p className="mt-3 text-sm" data-testid="claim-not-configured">
          {t('dashboard.claim.notConfigured')}
        </p>
      )}
    </section>
  );
}
