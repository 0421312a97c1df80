import { useId } from 'react';
import { isValidNodeId, pyprojectToml } from '../../../lib/publish/publish-commands.ts';
import { useDashboard } from '../context.ts';
import { input } from '../../ui/styles.ts';
import { CodeBlock } from './CodeBlock.tsx';

/** The pack's pyproject.toml, filled with the chosen publisher and the node id typed here. */
export function PyprojectStep({
  publisherId,
  nodeId,
  onNodeId,
}: {
  publisherId: string;
  nodeId: string;
  onNodeId: (id: string) => void;
}) {
  const { t } = useDashboard();
  const id = useId();
  const valid = isValidNodeId(nodeId);
  return (
    <li>
      <h3 className="font-semibold">{t('publishGuide.describe.heading')}</h3>
      <div className="mt-2 flex max-w-sm flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('publishGuide.describe.nodeId')}
        </label>
        <input
          id={id}
          className={`${input} font-mono`}
          dir="ltr"
          value={nodeId}
          maxLength={100}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={!valid}
          aria-describedby={`${id}-help`}
          onChange={(event) => onNodeId(event.target.value.trim())}
          data-testid="guide-node-id"
        />
        <p
          id={`${id}-help`}
          className={`text-xs ${valid ? 'text-slate-600 dark:text-slate-400' : 'text-red-700 dark:text-red-300'}`}
        >
          {valid ? t('publishGuide.describe.nodeIdHelp') : t('publishGuide.describe.nodeIdInvalid')}
        </p>
      </div>
      <p className="mt-3">{t('publishGuide.describe.file')}</p>
      <CodeBlock
        text={pyprojectToml(publisherId, valid ? nodeId : 'my-nodes')}
        label={t('publishGuide.describe.copy')}
        testId="guide-pyproject"
      />
      <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{t('publishGuide.describe.version')}</p>
    </li>
  );
}
