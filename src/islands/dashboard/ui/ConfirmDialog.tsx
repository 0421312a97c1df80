import { useState } from 'react';
import { confirms } from '../../../lib/dashboard/confirm-text.ts';
import type { TFunction } from '../../../i18n/translator.ts';
import { ErrorNote } from './ErrorNote.tsx';
import { Field } from './Field.tsx';
import { Modal } from './Modal.tsx';
import { buttonClass, inputClass, mutedText } from './styles.ts';

interface Props {
  t: TFunction;
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  pendingLabel: string;
  /** When set, the user must type this exact text before the button unlocks. */
  phrase?: string;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** "Are you sure?" for destructive actions, optionally with the name typed out to confirm. */
export function ConfirmDialog(props: Props) {
  const { t, phrase } = props;
  const [typed, setTyped] = useState('');
  const ready = phrase === undefined || confirms(typed, phrase);
  const close = () => {
    setTyped('');
    props.onClose();
  };
  return (
    <Modal open={props.open} title={props.title} onClose={close} busy={props.pending}>
      <form
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (ready && !props.pending) props.onConfirm();
        }}
      >
        <p className={mutedText}>{props.body}</p>
        {phrase !== undefined && (
          <Field label={t('dashboard.typeToConfirm', { phrase })}>
            {({ id, describedBy }) => (
              <input
                id={id}
                aria-describedby={describedBy}
                className={`${inputClass} font-mono`}
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
                data-testid="confirm-input"
              />
            )}
          </Field>
        )}
        <ErrorNote message={props.error} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={close} disabled={props.pending}>
            {t('dashboard.cancel')}
          </button>
          <button
            type="submit"
            className={buttonClass.danger}
            disabled={!ready || props.pending}
            data-testid="confirm-button"
          >
            {props.pending ? props.pendingLabel : props.confirmLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
