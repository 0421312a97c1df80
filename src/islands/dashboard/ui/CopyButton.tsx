import { useState } from 'react';
import { button } from '../../ui/styles.ts';

interface Props {
  text: string;
  label: string;
  copiedLabel: string;
  onFailure: () => void;
}

/** Copies `text` to the clipboard; says "Copied" for a moment (announced politely). */
export function CopyButton({ text, label, copiedLabel, onFailure }: Props) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={button.secondary}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setCopied(true);
          window.setTimeout(() => setCopied(false), 2000);
        } catch {
          onFailure();
        }
      }}
    >
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </button>
  );
}
