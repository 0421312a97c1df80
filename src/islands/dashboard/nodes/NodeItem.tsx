import { useId, useState } from 'react';
import type { ImageAttributes, RegistryNode } from '../../../lib/dashboard/api-types.ts';
import { nodeDeletePhrase } from '../../../lib/dashboard/confirm-text.ts';
import { nodeChangedKeys } from '../../../lib/dashboard/query-keys.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { useDashboard } from '../context.ts';
import { ConfirmedDelete } from '../../ui/ConfirmedDelete.tsx';
import { button, muted } from '../../ui/styles.ts';
import { NodeEditDialog } from './NodeEditDialog.tsx';
import { NodeStatusLine } from './NodeStatusLine.tsx';
import { VersionList } from './VersionList.tsx';

interface Props {
  node: RegistryNode;
  /** The icon through the site's /_image endpoint, signed by the server (the letter behind shows when it fails). */
  icon?: ImageAttributes | undefined;
  publisherId: string;
  isOwner: boolean;
}

/** One node row: what it is, and edit / versions / delete. */
export function NodeItem({ node, icon, publisherId, isOwner }: Props) {
  const { t } = useDashboard();
  const [editing, setEditing] = useState(false);
  const [showVersions, setShowVersions] = useState(false);
  const versionsId = useId();
  const remove = useApiMutation('delete', '/publishers/{publisherId}/nodes/{nodeId}', {
    invalidates: nodeChangedKeys(publisherId, node.id),
  });
  const banned = node.status === 'NodeStatusBanned';

  return (
    <li className="flex flex-col gap-3 py-4" data-testid="node-item" data-node-id={node.id}>
      {/* Icon and text side by side; the actions sit below the text on a phone (beside it they squeezed
          the title to a word per line) and at the end of the row from `sm` up. */}
      <div className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
        <span className="relative flex h-10 w-10 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-brand-100 font-semibold text-brand-700 dark:bg-slate-800 dark:text-brand-100">
          <span aria-hidden="true">{(node.name || node.id).charAt(0).toUpperCase()}</span>
          {icon && (
            <img
              src={icon.src}
              srcSet={icon.srcset}
              sizes={icon.sizes}
              alt=""
              width="40"
              height="40"
              className="absolute inset-0 h-full w-full object-cover"
              loading="lazy"
            />
          )}
        </span>
        <div className="min-w-0" data-testid="node-details">
          <p className="font-medium">{node.name || node.id}</p>
          <p className={`${muted} font-mono`} dir="ltr">
            {publisherId}/{node.id}
          </p>
          <p className={`${muted} mt-1`}>
            {node.latest_version
              ? t('dashboard.nodes.latest', { version: node.latest_version.version })
              : t('dashboard.nodes.noVersion')}
            {' · '}
            {t('dashboard.nodes.downloads', { count: node.downloads ?? 0 })}
          </p>
          <NodeStatusLine node={node} />
        </div>
        <div className="col-start-2 flex flex-wrap gap-2 sm:col-start-3 sm:justify-end" data-testid="node-actions">
          <button
            type="button"
            className={button.secondary}
            aria-expanded={showVersions}
            aria-controls={versionsId}
            onClick={() => setShowVersions((open) => !open)}
          >
            {showVersions ? t('dashboard.nodes.hideVersions') : t('dashboard.nodes.showVersions')}
            <span className="sr-only"> {node.id}</span>
          </button>
          {!banned && (
            <button type="button" className={button.secondary} onClick={() => setEditing(true)}>
              {t('dashboard.edit')}
              <span className="sr-only"> {node.id}</span>
            </button>
          )}
          {isOwner && !banned && (
            <ConfirmedDelete
              t={t}
              remove={remove}
              variables={{ params: { path: { publisherId, nodeId: node.id } } }}
              label={t('dashboard.delete')}
              name={node.id}
              title={t('dashboard.nodes.deleteTitle', { id: node.id })}
              body={t('dashboard.nodes.deleteBody')}
              phrase={{
                text: nodeDeletePhrase(publisherId, node.id),
                label: t('dashboard.typeToConfirm', { phrase: nodeDeletePhrase(publisherId, node.id) }),
              }}
              cancelLabel={t('dashboard.cancel')}
              pendingLabel={t('dashboard.deleting')}
              done={t('dashboard.nodes.deleted', { id: node.id })}
            />
          )}
        </div>
      </div>
      <div id={versionsId} hidden={!showVersions}>
        {showVersions && <VersionList node={node} publisherId={publisherId} isOwner={isOwner} frozen={banned} />}
      </div>
      <NodeEditDialog node={node} publisherId={publisherId} open={editing} onClose={() => setEditing(false)} />
    </li>
  );
}
