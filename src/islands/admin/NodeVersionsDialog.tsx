import { useState } from 'react';
import type { NodeVersion } from '../../lib/dashboard/api-types.ts';
import { formatDate } from '../../lib/format/format.ts';
import { useApiQuery, type ApiWrite } from '../../lib/query/hooks.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { button, muted, td } from '../ui/styles.ts';
import { TableHead } from '../ui/TableHead.tsx';
import { useAdmin } from './context.ts';
import type { AdminNode } from './node-types.ts';
import { QueryStatus } from './QueryStatus.tsx';
import { StatusPill } from './StatusPill.tsx';
import type { UndoTarget } from './UndoBar.tsx';
import { useAdminAction } from './use-admin-action.ts';

interface Props {
  node: AdminNode;
  onClose: () => void;
  /** After a yank, the Undo bar of the nodes screen offers the unyank (audited like the yank). */
  onUndoable: (target: UndoTarget) => void;
}

/**
 * The versions of one node on the admin nodes screen, each with Yank (asks for the reason users see)
 * or Unyank. Both go through the publisher routes (`version.yank`: owners and admins), which write
 * the audit entry; the audit log can undo either, and the Undo bar reverses a yank right away.
 */
export function NodeVersionsDialog({ node, onClose, onUndoable }: Props) {
  const { t, lang } = useAdmin();
  const publisherId = node.publisher?.id ?? '';
  const versions = useApiQuery('/nodes/{nodeId}/versions', { path: { nodeId: node.id } });
  const { run, busy } = useAdminAction();
  const [yanking, setYanking] = useState<NodeVersion | null>(null);
  const named = (version: NodeVersion) => ({ name: node.name || node.id, version: version.version });

  async function yank(version: NodeVersion, reason: string) {
    setYanking(null);
    const params = versionParams(version);
    const yanked = await run(
      version.id,
      (write) =>
        write('post', '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/yank', { params, body: { reason } }),
      null,
    );
    if (yanked) onUndoable({ text: t('yank.yankedToast', named(version)), request: unyankWrite(version) });
  }
  const versionParams = (version: NodeVersion) => ({
    path: { publisherId, nodeId: node.id, version: version.version },
  });
  const unyankWrite = (version: NodeVersion) => (write: ApiWrite) =>
    write('post', '/publishers/{publisherId}/nodes/{nodeId}/versions/{version}/unyank', {
      params: versionParams(version),
    });
  const unyank = (version: NodeVersion) =>
    void run(version.id, unyankWrite(version), t('yank.unyankedToast', named(version)));

  return (
    <>
      <Dialog
        open
        title={t('adminYank.title', { id: node.id })}
        onClose={onClose}
        width="lg"
        testId="admin-versions-dialog"
      >
        <QueryStatus query={versions} />
        {versions.data &&
          (versions.data.length === 0 ? (
            <p className={muted}>{t('adminYank.none')}</p>
          ) : (
            <div className="relative max-h-[60vh] overflow-auto">
              <table className="w-full text-start">
                <caption className="sr-only">{t('adminYank.title', { id: node.id })}</caption>
                <TableHead
                  columns={[
                    { key: 'version', label: t('adminYank.version') },
                    { key: 'state', label: t('adminYank.state') },
                    { key: 'actions', label: <span className="sr-only">{t('admin.nodes.col.actions')}</span> },
                  ]}
                />
                <tbody>
                  {versions.data.map((version) => (
                    <tr key={version.id} data-testid="admin-version-row" data-version={version.version}>
                      <th scope="row" className={`${td} text-start font-mono`} dir="ltr">
                        <span className={version.yanked ? 'line-through' : undefined}>{version.version}</span>
                        <div className="font-sans text-xs font-normal text-slate-600 dark:text-slate-300">
                          {version.createdAt && formatDate(version.createdAt, lang)}
                        </div>
                      </th>
                      <td className={td}>
                        <span className="flex flex-wrap gap-1">
                          {version.status && <StatusPill status={version.status} />}
                          {version.yanked && (
                            <span className="rounded-full border border-amber-600 px-2 py-0.5 text-xs font-semibold">
                              {t('yank.badge')}
                            </span>
                          )}
                        </span>
                        {version.yanked && (
                          <p className="mt-1 text-xs">
                            {t('yank.reasonLead')} <q dir="auto">{version.yanked_reason}</q>
                          </p>
                        )}
                      </td>
                      <td className={`${td} text-end`}>
                        <button
                          type="button"
                          className={button.secondary}
                          disabled={busy === version.id}
                          onClick={() => (version.yanked ? unyank(version) : setYanking(version))}
                          data-testid="admin-yank-toggle"
                        >
                          {version.yanked ? t('yank.unyank') : t('yank.yank')}
                          <span className="sr-only"> {version.version}</span>
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
        <p className={muted}>{t('adminYank.audited')}</p>
        <div className="flex justify-end">
          <button type="button" className={button.secondary} onClick={onClose}>
            {t('adminYank.close')}
          </button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={yanking !== null}
        tone="warn"
        title={yanking ? t('yank.yankTitle', named(yanking)) : ''}
        body={yanking ? t('yank.yankBody', named(yanking)) : ''}
        reason={{ label: t('yank.reasonLabel'), hint: t('yank.reasonHint'), required: true }}
        confirmLabel={t('yank.yank')}
        pendingLabel={t('yank.yanking')}
        cancelLabel={t('admin.cancel')}
        pending={busy !== null}
        onClose={() => setYanking(null)}
        onConfirm={(reason) => yanking && void yank(yanking, reason)}
      />
    </>
  );
}
