import { Fragment, useState } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import type { NodeVersion } from '../../../lib/dashboard/api-types.ts';
import { nodeChangedKeys } from '../../../lib/dashboard/query-keys.ts';
import { useShowVersionAnswer } from '../../../lib/dashboard/show-version-answer.ts';
import { versionStatusView } from '../../../lib/dashboard/version-status.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { useDashboard } from '../context.ts';
import { formatDate } from '../../../lib/format/format.ts';
import { ConfirmedDelete } from '../../ui/ConfirmedDelete.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { button } from '../../ui/styles.ts';
import { DeprecateDialog } from './DeprecateDialog.tsx';
import { YankControl } from './YankControl.tsx';
import { VersionFindings } from './VersionFindings.tsx';
import { VersionGainedPowers } from './VersionGainedPowers.tsx';
import { VersionWarnings, type VersionWarningsEntry } from './VersionWarnings.tsx';

interface Props {
  version: NodeVersion;
  nodeId: string;
  /** Named in the dialogs and toasts, so each says which pack it is about. */
  nodeName: string;
  publisherId: string;
  isOwner: boolean;
  /** The scan's warnings when the version is Active and has some. */
  warnings: VersionWarningsEntry | undefined;
}

/**
 * A version with its status, deprecate (with an optional note) / un-deprecate, yank (with a reason) /
 * unyank and delete (owners), each confirmed by a toast.
 */
export function VersionRow({ version, nodeId, nodeName, publisherId, isOwner, warnings }: Props) {
  const { t, lang } = useDashboard();
  const [deprecating, setDeprecating] = useState(false);
  const path = { params: { path: { publisherId, nodeId, versionId: version.id } } };
  const invalidates = nodeChangedKeys(publisherId, nodeId);
  const showAnswer = useShowVersionAnswer(nodeId);
  const update = useApiMutation('put', '/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}', {
    invalidates,
  });
  const remove = useApiMutation('delete', '/publishers/{publisherId}/nodes/{nodeId}/versions/{versionId}', {
    invalidates,
  });
  const status = versionStatusView(version.status);
  const label = { name: nodeName, version: version.version };
  // Held versions explain themselves through the findings API (structured, translated here), never
  // through the English status_reason the pipeline composed.
  const held = version.status === 'NodeVersionStatusFlagged' || version.status === 'NodeVersionStatusBanned';
  const deprecationNote = version.deprecated ? version.deprecation_message?.trim() : '';
  const setDeprecated = (deprecated: boolean, message?: string) =>
    update.mutate(
      { ...path, body: { deprecated, ...(message ? { deprecation_message: message } : {}) } },
      {
        onSuccess: (updated) => {
          showAnswer(updated);
          setDeprecating(false);
          toast.success(t(updated.deprecated ? 'packNamed.deprecatedToast' : 'packNamed.undeprecatedToast', label));
        },
        onError: (error) => toast.error(apiErrorText(t, error)),
      },
    );

  return (
    <Fragment>
      <tr
        className="border-t border-slate-200 align-top dark:border-slate-800"
        data-testid="version-row"
        data-version={version.version}
      >
        <th scope="row" className="py-2 pe-3 text-start font-mono font-medium" dir="ltr">
          {version.version}
        </th>
        <td className="py-2 pe-3">
          <span className="flex flex-wrap gap-1">
            <StatusBadge tone={status.tone} label={t(`dashboard.status.${status.key}`)} />
            {version.deprecated && <StatusBadge tone="warn" label={t('dashboard.versions.deprecated')} />}
            {version.yanked && <StatusBadge tone="warn" label={t('yank.badge')} />}
          </span>
        </td>
        <td className="hidden py-2 pe-3 sm:table-cell">{formatDate(version.createdAt, lang)}</td>
        <td className="py-2">
          <span className="flex flex-wrap justify-end gap-2">
            <button
              type="button"
              className={button.secondary}
              disabled={update.isPending}
              onClick={() => (version.deprecated ? setDeprecated(false) : setDeprecating(true))}
              data-testid="deprecate-toggle"
            >
              {version.deprecated ? t('dashboard.versions.undeprecate') : t('dashboard.versions.deprecate')}
              <span className="sr-only"> {version.version}</span>
            </button>
            {isOwner && version.status !== 'NodeVersionStatusBanned' && (
              <YankControl version={version} nodeId={nodeId} nodeName={nodeName} publisherId={publisherId} />
            )}
            {isOwner && (
              <ConfirmedDelete
                t={t}
                remove={remove}
                variables={path}
                label={t('dashboard.delete')}
                name={version.version}
                title={t('packNamed.deleteTitle', label)}
                body={t('dashboard.versions.deleteBody', label)}
                cancelLabel={t('dashboard.cancel')}
                pendingLabel={t('dashboard.deleting')}
                done={t('packNamed.deleted', label)}
              />
            )}
          </span>
          <DeprecateDialog
            t={t}
            open={deprecating}
            version={version.version}
            nodeName={nodeName}
            pending={update.isPending}
            error={update.error ? apiErrorText(t, update.error) : null}
            onClose={() => {
              update.reset();
              setDeprecating(false);
            }}
            onConfirm={(message) => setDeprecated(true, message)}
          />
        </td>
      </tr>
      {(held || deprecationNote || version.yanked || warnings || version.status === 'NodeVersionStatusPending') && (
        <tr>
          <td colSpan={4} className="pb-2 text-sm">
            {deprecationNote && (
              <p className="text-slate-700 dark:text-slate-300" data-testid="version-deprecation-note">
                {t('dashboard.versions.deprecationNote')} <q dir="auto">{deprecationNote}</q>
              </p>
            )}
            {version.yanked && (
              <p className="text-slate-700 dark:text-slate-300" data-testid="version-yank-note">
                {t('yank.reasonLead')} <q dir="auto">{version.yanked_reason}</q>
              </p>
            )}
            {version.status === 'NodeVersionStatusPending' && (
              <p className="text-slate-600 dark:text-slate-400">{t('dashboard.versions.pendingNote')}</p>
            )}
            {/* Not Active yet: what it would add to the powers users have today. */}
            {(held || version.status === 'NodeVersionStatusPending') &&
              version.status !== 'NodeVersionStatusBanned' && (
                <VersionGainedPowers publisherId={publisherId} nodeId={nodeId} version={version} />
              )}
            {held && (
              <VersionFindings publisherId={publisherId} nodeId={nodeId} nodeName={nodeName} version={version} />
            )}
            {warnings && <VersionWarnings entry={warnings} />}
          </td>
        </tr>
      )}
    </Fragment>
  );
}
