import { useState } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import { apiKey, useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { muted } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';
import type { TrustedPublisherList } from './types.ts';

interface Props {
  publisherId: string;
  nodes: TrustedPublisherList['nodes'];
}

/** The CI-only switch per node. Only a signed-in owner reaches it; the server audits each change. */
export function RequireTrustedPublishing({ publisherId, nodes }: Props) {
  const { t } = useDashboard();
  const headingId = `require-trusted-${publisherId}`;
  return (
    <fieldset aria-labelledby={headingId} className="flex flex-col gap-2" data-testid="require-trusted-publishing">
      <legend id={headingId} className="text-sm font-semibold">
        {t('trustedPublishing.requireHeading')}
      </legend>
      <p className={muted}>{t('trustedPublishing.requireLead')}</p>
      {nodes.length === 0 ? (
        <p className={muted}>{t('trustedPublishing.noNodes')}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {nodes.map((node) => (
            <RequireToggle
              key={node.id}
              publisherId={publisherId}
              nodeId={node.id}
              required={node.require_trusted_publishing}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function RequireToggle({ publisherId, nodeId, required }: { publisherId: string; nodeId: string; required: boolean }) {
  const { t } = useDashboard();
  const change = useApiMutation('put', '/publishers/{publisherId}/nodes/{nodeId}/trusted-publishing', {
    invalidates: [apiKey('/publishers/{publisherId}/trusted-publishers', { path: { publisherId } })],
  });
  // Shows the choice at once (the server's answer and the refetched list follow); a refusal reverts it.
  // Kept in React state, set in the click's own handler: the mutation's state reaches the component a
  // tick later, and until then the controlled box was put back as it was (a click seemed to do nothing).
  const [choice, setChoice] = useState<boolean | undefined>(undefined);
  const shown = choice ?? required;
  return (
    <li>
      <label className="inline-flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={shown}
          disabled={change.isPending}
          onChange={(event) => {
            const next = event.target.checked;
            setChoice(next);
            change.mutate(
              { params: { path: { publisherId, nodeId } }, body: { require_trusted_publishing: next } },
              {
                onSuccess: () => {
                  toast.success(
                    t(next ? 'trustedPublishing.requireOn' : 'trustedPublishing.requireOff', { node: nodeId }),
                  );
                },
                onError: (error) => {
                  setChoice(undefined);
                  toast.error(apiErrorText(t, error));
                },
              },
            );
          }}
        />
        <span>{t('trustedPublishing.requireLabel', { node: nodeId })}</span>
      </label>
    </li>
  );
}
