import { useState } from 'react';
import { apiErrorText, apiFieldErrors } from '../../../lib/api/error-text.ts';
import type { RegistryNode } from '../../../lib/dashboard/api-types.ts';
import { nodeToForm, nodeUpdateBody, type NodeFormValues } from '../../../lib/dashboard/node-form.ts';
import { nodeChangedKeys } from '../../../lib/dashboard/query-keys.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { useDashboard } from '../context.ts';
import { ErrorNote } from '../../ui/ErrorNote.tsx';
import { Field } from '../ui/Field.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { button, input } from '../../ui/styles.ts';

interface Props {
  node: RegistryNode;
  publisherId: string;
  open: boolean;
  onClose: () => void;
}

export function NodeEditDialog({ node, publisherId, open, onClose }: Props) {
  const { t } = useDashboard();
  return (
    <Dialog open={open} title={t('dashboard.nodes.editTitle', { id: node.id })} onClose={onClose}>
      {open && <NodeEditForm node={node} publisherId={publisherId} onClose={onClose} />}
    </Dialog>
  );
}

const FIELDS: { key: keyof NodeFormValues; multiline?: boolean; ltr?: boolean; url?: boolean; max: number }[] = [
  { key: 'name', max: 200 },
  { key: 'description', multiline: true, max: 2000 },
  { key: 'license', max: 10_000 },
  { key: 'repository', ltr: true, url: true, max: 2048 },
  { key: 'icon', ltr: true, url: true, max: 2048 },
  { key: 'tags', max: 2000 },
];

/** The fields a publisher may edit; only changed ones are sent, and the dialog waits for the answer. */
function NodeEditForm({ node, publisherId, onClose }: Omit<Props, 'open'>) {
  const { t } = useDashboard();
  const [initial] = useState(() => nodeToForm(node));
  const [values, setValues] = useState(initial);
  const update = useApiMutation('put', '/publishers/{publisherId}/nodes/{nodeId}', {
    invalidates: nodeChangedKeys(publisherId, node.id),
  });
  const errors = apiFieldErrors(t, update.error);
  const body = nodeUpdateBody(initial, values, node.license);
  const changed = Object.keys(body).length > 0;

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!changed) return onClose();
        update.mutate(
          { params: { path: { publisherId, nodeId: node.id } }, body },
          {
            onSuccess: () => {
              toast.success(t('dashboard.nodes.updated', { id: node.id }));
              onClose();
            },
            onError: (error) => toast.error(apiErrorText(t, error)),
          },
        );
      }}
    >
      {FIELDS.map(({ key, multiline, ltr, url, max }) => (
        <Field
          key={key}
          label={t(`dashboard.nodes.fields.${key}`)}
          help={key === 'name' || key === 'description' ? undefined : t(`dashboard.nodes.fields.${key}Help`)}
          error={errors[key]}
        >
          {({ id, describedBy, invalid }) => {
            const common = {
              id,
              name: key,
              className: `${input}${ltr ? ' font-mono' : ''}`,
              value: values[key],
              maxLength: max,
              'aria-describedby': describedBy,
              'aria-invalid': invalid,
              ...(ltr ? { dir: 'ltr' } : {}),
            };
            return multiline ? (
              <textarea {...common} rows={5} onChange={(e) => setValues({ ...values, [key]: e.target.value })} />
            ) : (
              <input
                {...common}
                type="text"
                {...(url ? { inputMode: 'url' as const } : {})}
                required={key === 'name'}
                onChange={(e) => setValues({ ...values, [key]: e.target.value })}
              />
            );
          }}
        </Field>
      ))}
      <ErrorNote message={update.error ? apiErrorText(t, update.error) : null} />
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className={button.secondary} onClick={onClose} disabled={update.isPending}>
          {t('dashboard.cancel')}
        </button>
        <button type="submit" className={button.primary} disabled={update.isPending || !values.name.trim()}>
          {update.isPending ? t('dashboard.saving') : t('dashboard.save')}
        </button>
      </div>
    </form>
  );
}
