import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { Field } from './Field.tsx';
import { input } from '../../ui/styles.ts';

// Field owns the label/help/error wiring; these pass the rest of the control's attributes through.
type Wired = 'id' | 'value' | 'onChange' | 'aria-describedby' | 'aria-invalid';

interface Common {
  label: string;
  help?: string | undefined;
  error?: string | undefined;
  value: string;
  onValueChange: (value: string) => void;
}

/** A labelled single-line text input bound to a string state. */
export function TextField({
  label,
  help,
  error,
  value,
  onValueChange,
  className = input,
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, Wired>) {
  return (
    <Field label={label} help={help} error={error}>
      {({ id, describedBy, invalid }) => (
        <input
          {...rest}
          id={id}
          className={className}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </Field>
  );
}

/** A labelled multi-line text area bound to a string state. */
export function TextAreaField({
  label,
  help,
  error,
  value,
  onValueChange,
  className = input,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Wired>) {
  return (
    <Field label={label} help={help} error={error}>
      {({ id, describedBy, invalid }) => (
        <textarea
          {...rest}
          id={id}
          className={className}
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </Field>
  );
}
