import { useEffect, useRef, useState } from 'react';
import { copyText } from '../copy-button/copy-text.ts';
import { button } from './styles.ts';

interface Props {
  text: string;
  label: string;
  copiedLabel: string;
  onFailure: () => void;
}

/** Copies `text` to the clipboard; says "Copied" for a moment (announced politely). */
export function CopyButton({ text, label, copiedLabel, onFailure }: Props) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <button
      type="button"
      className={button.secondary}
      onClick={async () => {
        if (!(await copyText(text))) {
          onFailure();
          return;
        }
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), 2000);
      }}
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
