import { useState } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import type { NodeVersion } from '../../../lib/dashboard/api-types.ts';
import { nodeChangedKeys } from '../../../lib/dashboard/query-keys.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { useShowVersionAnswer } from '../../../lib/dashboard/show-version-answer.ts';
import { toast } from '../../toast/index.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { button } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';

interface Props {
  version: NodeVersion;
  nodeId: string;
  nodeName: string;
  publisherId: string;
}

/**
 * Yank (asks for the reason users will see) or unyank one version. Owners only, as the API allows
 * (routes/publishers/yank-node-version.ts); the reason dialog is the UI kit's ConfirmDialog.
 */
export function YankControl({ version, nodeId, nodeName, publisherId }: Props) {
  const { t } = useDashboard();
  const [asking, setAsking] = useState(false);
  const invalidates = nodeChangedKeys(publisherId, nodeId);
  const yank = useApiMutation('post', '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/yank', {
    invalidates,
  });
  const unyank = useApiMutation('post', '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/unyank', {
    invalidates,
  });
  const path = { params: { path: { publisherId, nodeId, version: version.version } } };
  const label = { name: nodeName, version: version.version };
  const showAnswer = useShowVersionAnswer(nodeId);
  const done = (answer: NodeVersion, key: 'yank.yankedToast' | 'yank.unyankedToast') => {
    showAnswer(answer);
    setAsking(false);
    toast.success(t(key, label));
  };
  return (
    <>
      <button
        type="button"
        className={button.secondary}
        disabled={yank.isPending || unyank.isPending}
        onClick={() =>
          version.yanked
            ? unyank.mutate(path, {
                onSuccess: (answer) => done(answer, 'yank.unyankedToast'),
                onError: (error) => toast.error(apiErrorText(t, error)),
              })
            : setAsking(true)
        }
        data-testid="yank-toggle"
      >
        {version.yanked ? t('yank.unyank') : t('yank.yank')}
        <span className="sr-only"> {version.version}</span>
      </button>
      <ConfirmDialog
        open={asking}
        tone="warn"
        title={t('yank.yankTitle', label)}
        body={t('yank.yankBody', label)}
        reason={{ label: t('yank.reasonLabel'), hint: t('yank.reasonHint'), required: true }}
        confirmLabel={t('yank.yank')}
        pendingLabel={t('yank.yanking')}
        cancelLabel={t('dashboard.cancel')}
        pending={yank.isPending}
        error={yank.error ? apiErrorText(t, yank.error) : null}
        onClose={() => {
          yank.reset();
          setAsking(false);
        }}
        onConfirm={(reason) =>
          yank.mutate(
            { ...path, body: { reason } },
            { onSuccess: (answer) => done(answer, 'yank.yankedToast'), onError: () => undefined },
          )
        }
      />
    </>
  );
}
