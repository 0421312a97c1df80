import { useState } from 'react';
import { apiErrorText } from '../../../lib/api/error-text.ts';
import { useApiMutation } from '../../../lib/query/hooks.ts';
import { toast } from '../../toast/index.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { button } from '../../ui/styles.ts';
import { useDashboard } from '../context.ts';

interface Props {
  /** The DELETE to send once confirmed (the data layer refreshes the list it belongs to). */
  path: string;
  /** The button's label, and the dialog's confirm button. */
  label: string;
  /** What the row is about, for screen readers: several rows carry the same button. */
  name: string;
  title: string;
  body: string;
  pendingLabel: string;
  /** The toast once it is done. */
  done: string;
}

/**
 * A row's "remove" (revoke a token, remove a webhook or a trusted publisher): a button that asks
 * first, shows a refusal inside the dialog and in a toast, and says when it is done.
 */
export function ConfirmedDelete({ path, label, name, title, body, pendingLabel, done }: Props) {
  const { t } = useDashboard();
  const [open, setOpen] = useState(false);
  const remove = useApiMutation<void, void>('DELETE', path);
  return (
    <>
      <button type="button" className={button.dangerGhost} onClick={() => setOpen(true)}>
        {label}
        <span className="sr-only"> {name}</span>
      </button>
      <ConfirmDialog
        cancelLabel={t('dashboard.cancel')}
        open={open}
        title={title}
        body={body}
        confirmLabel={label}
        pendingLabel={pendingLabel}
        pending={remove.isPending}
        error={remove.error ? apiErrorText(t, remove.error) : null}
        onClose={() => {
          remove.reset();
          setOpen(false);
        }}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              toast.success(done);
              setOpen(false);
            },
            onError: (error) => toast.error(apiErrorText(t, error)),
          })
        }
      />
    </>
  );
}
