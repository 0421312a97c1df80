import { useId, useState } from 'react';
import type { Publisher } from '../../../lib/dashboard/api-types.ts';
import { useDashboard } from '../context.ts';
import { card, input, muted } from '../../ui/styles.ts';
import { CodeBlock } from './CodeBlock.tsx';
import { CommandLineStep } from './CommandLineStep.tsx';
import { PyprojectStep } from './PyprojectStep.tsx';
import { UploadStep } from './UploadStep.tsx';

/** Where no publisher exists yet, the file shows a placeholder the reader recognises as one. */
const NO_PUBLISHER = 'your-publisher-id';

/**
 * How a publisher gets a version into THIS registry: the pyproject.toml to put in the pack (with
 * the publisher and node id filled in), `comfy node pack`, and an upload of the zip right here,
 * or the equivalent commands for a terminal or CI. Open by default for people with no publisher yet.
 */
export function PublishGuide({ publishers, open }: { publishers: Publisher[]; open: boolean }) {
  const { t } = useDashboard();
  const selectId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const [nodeId, setNodeId] = useState('my-nodes');
  const publisherId = chosen ?? publishers[0]?.id ?? NO_PUBLISHER;
  const hasPublisher = publishers.length > 0;
  return (
    <details className={card} open={open} data-testid="publish-guide">
      <summary className="cursor-pointer text-lg font-semibold">{t('publishGuide.heading')}</summary>
      <div className="mt-3 flex flex-col gap-4 text-sm">
        <p>{t('publishGuide.lead')}</p>
        {publishers.length > 1 && (
          <div className="flex max-w-sm flex-col gap-1">
            <label htmlFor={selectId} className="font-medium">
              {t('publishGuide.publisher')}
            </label>
            <select
              id={selectId}
              className={input}
              value={publisherId}
              onChange={(event) => setChosen(event.target.value)}
              data-testid="guide-publisher"
            >
              {publishers.map((publisher) => (
                <option key={publisher.id} value={publisher.id}>
                  {publisher.name ? `${publisher.name} (${publisher.id})` : publisher.id}
                </option>
              ))}
            </select>
          </div>
        )}
        {!hasPublisher && <p className={muted}>{t('publishGuide.noPublisher')}</p>}
        <ol className="flex flex-col gap-6">
          <PyprojectStep publisherId={publisherId} nodeId={nodeId} onNodeId={setNodeId} />
          <li>
            <h3 className="font-semibold">{t('publishGuide.pack.heading')}</h3>
            <p className="mt-1">{t('publishGuide.pack.lead')}</p>
            <CodeBlock text={'pip install comfy-cli\ncomfy node pack'} label={t('publishGuide.pack.copy')} />
          </li>
          {hasPublisher && <UploadStep key={publisherId} publisherId={publisherId} />}
        </ol>
        {hasPublisher && <CommandLineStep publisherId={publisherId} />}
      </div>
    </details>
  );
}
