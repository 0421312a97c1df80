import { useId, useState, type ReactNode } from 'react';
import { confirms } from '../../lib/dashboard/confirm-text.ts';
import { Dialog } from './Dialog.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import { button, input, label as labelClass, muted } from './styles.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the request runs (defaults to confirmLabel). */
  pendingLabel?: string;
  cancelLabel: string;
  pending: boolean;
  /** The failure to show inside the dialog (already translated). */
  error?: string | null;
  tone?: 'danger' | 'primary' | 'success' | 'warn';
  /** The user must type this exact text (surrounding spaces ignored) before the button unlocks. */
  phrase?: { text: string; label: string };
  /** Asks for a reason; `required` keeps the button locked until one is typed. */
  reason?: { label: string; hint?: string; required?: boolean };
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** "Are you sure?" for weighty actions, optionally with a typed phrase and a reason. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { phrase, reason: reasonField, tone = 'danger' } = props;
  const ids = useId();
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const ready =
    (phrase === undefined || confirms(typed, phrase.text)) && (!reasonField?.required || reason.trim().length > 0);
  const close = () => {
    setTyped('');
    setReason('');
    props.onClose();
  };
  return (
    <Dialog
      open={props.open}
      title={props.title}
      onClose={close}
      busy={props.pending}
      width="sm"
      testId="confirm-dialog"
    >
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!ready || props.pending) return;
          props.onConfirm(reason.trim());
          setReason('');
          setTyped('');
        }}
      >
        <div className={muted}>{props.body}</div>
        {reasonField && (
          <div>
            <label htmlFor={`${ids}-reason`} className={labelClass}>
              {reasonField.label}
            </label>
            <textarea
              id={`${ids}-reason`}
              className={input}
              rows={3}
              maxLength={2000}
              required={reasonField.required}
              aria-describedby={reasonField.hint ? `${ids}-hint` : undefined}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              data-testid="confirm-reason"
            />
            {reasonField.hint && (
              <p id={`${ids}-hint`} className={`mt-1 ${muted}`}>
                {reasonField.hint}
              </p>
            )}
          </div>
        )}
        {phrase && (
          <div>
            <label htmlFor={`${ids}-phrase`} className={labelClass}>
              {phrase.label}
            </label>
            <input
              id={`${ids}-phrase`}
              className={`${input} font-mono`}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              data-testid="confirm-input"
            />
          </div>
        )}
        <ErrorNote message={props.error} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={button.secondary} onClick={close} disabled={props.pending} autoFocus>
            {props.cancelLabel}
          </button>
          <button
            type="submit"
            className={button[tone]}
            disabled={!ready || props.pending}
            data-testid="confirm-button"
          >
            {props.pending ? (props.pendingLabel ?? props.confirmLabel) : props.confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
