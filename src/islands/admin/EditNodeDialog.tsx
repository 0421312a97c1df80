import { apiErrorText } from '../../lib/api/error-text.ts';
import { useId, useState, type FormEvent } from 'react';
import type { ApiSchema } from '../../lib/api/types.ts';
import { useApiWrite } from '../../lib/query/hooks.ts';
import { ADMIN_READS } from './admin-reads.ts';
import { toast } from '../toast/index.ts';
import { useAdmin } from './context.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { splitList, type AdminNode } from './node-types.ts';
import { button, compactInput } from '../ui/styles.ts';

const FIELDS = [
  { key: 'tags', list: true },
  { key: 'tags_admin', list: true },
  { key: 'preempted_comfy_node_names', list: true },
  { key: 'supported_os', list: true },
  { key: 'supported_accelerators', list: true },
  { key: 'supported_comfyui_version', list: false },
  { key: 'supported_comfyui_frontend_version', list: false },
] as const;

/** Tags, admin tags, search ranking, preempted names and compatibility of one node. */
export function EditNodeDialog({ node, onClose }: { node: AdminNode; onClose: () => void }) {
  const { t } = useAdmin();
  const write = useApiWrite(ADMIN_READS);
  const idPrefix = useId();
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const fields: Record<string, unknown> = {};
    for (const field of FIELDS) {
      const value = String(form.get(field.key) ?? '');
      fields[field.key] = field.list ? splitList(value) : value.trim();
    }
    // FIELDS names only keys of the request (its `key` type says so); the loop cannot carry each value's type.
    const body = {
      ...fields,
      search_ranking: Number(form.get('search_ranking') ?? 0),
    } as ApiSchema<'AdminUpdateNodeRequest'>;
    setBusy(true);
    try {
      await write('put', '/admin/nodes/{nodeId}', { params: { path: { nodeId: node.id } }, body });
      toast.success(t('admin.nodes.saved', { id: node.id }));
      onClose();
    } catch (error) {
      toast.error(apiErrorText(t, error));
    } finally {
      setBusy(false);
    }
  }
  const initial = (key: (typeof FIELDS)[number]['key']) => {
    const value = node[key];
    return Array.isArray(value) ? value.join(', ') : (value ?? '');
  };
  return (
    <Dialog open width="lg" title={t('admin.nodes.editTitle', { id: node.id })} onClose={onClose}>
      <form className="flex flex-col gap-3" onSubmit={(event) => void submit(event)}>
        <label htmlFor={`${idPrefix}-rank`} className="flex flex-col gap-1 text-sm">
          {t('admin.nodes.field.search_ranking')}
          <input
            id={`${idPrefix}-rank`}
            name="search_ranking"
            type="number"
            min={0}
            max={100}
            defaultValue={node.search_ranking ?? 0}
            className={compactInput}
          />
        </label>
        {FIELDS.map((field) => (
          <label key={field.key} htmlFor={`${idPrefix}-${field.key}`} className="flex flex-col gap-1 text-sm">
            {t(`admin.nodes.field.${field.key}`)}
            <input
              id={`${idPrefix}-${field.key}`}
              name={field.key}
              defaultValue={initial(field.key)}
              className={compactInput}
              dir="ltr"
            />
          </label>
        ))}
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('admin.nodes.listHint')}</p>
        <div className="flex justify-end gap-2">
          <button type="button" className={button.secondary} onClick={onClose}>
            {t('admin.cancel')}
          </button>
          <button type="submit" className={button.primary} disabled={busy}>
            {t('admin.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
