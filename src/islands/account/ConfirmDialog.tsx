import { useEffect, useRef } from 'react';
import { button, muted } from '../ui/styles.ts';

interface Props {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * "Are you sure?" as a native modal <dialog>: the browser traps focus, Esc closes it, and focus
 * returns to the button that opened it.
 */
export function ConfirmDialog(props: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (props.open && !dialog.open) dialog.showModal();
    if (!props.open && dialog.open) dialog.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby="account-confirm-title"
      onClose={props.onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      data-testid="confirm-dialog"
    >
      <h2 id="account-confirm-title" className="text-lg font-semibold">
        {props.title}
      </h2>
      <p className={`mt-2 ${muted}`}>{props.body}</p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <button type="button" className={button.secondary} onClick={props.onClose} disabled={props.pending} autoFocus>
          {props.cancelLabel}
        </button>
        <button
          type="button"
          className={button.danger}
          onClick={props.onConfirm}
          disabled={props.pending}
          data-testid="confirm-button"
        >
          {props.pending ? props.pendingLabel : props.confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
