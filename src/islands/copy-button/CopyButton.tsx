import { useEffect, useRef, useState } from 'react';
import type { MessageTree } from '../../i18n/translator.ts';
import { useFixedT } from '../../i18n/fixed-t.ts';
import { copyText } from './copy-text.ts';
import { button } from '../ui/styles.ts';

interface Props {
  /** What lands on the clipboard. */
  text: string;
  /** The `nodePageCopy` section. */
  messages: MessageTree;
  /**
   * The button's accessible name when several sit on one page (say which command each copies); it
   * should start with the visible "Copy". Default: "Copy the command".
   */
  label?: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

/**
 * A "Copy" button for a command shown next to it. Disabled until hydrated (without JavaScript it
 * could not work; the command stays selectable). The outcome is announced to screen readers.
 */
export function CopyButton({ text, messages, label }: Props) {
  const t = useFixedT(messages);
  const [ready, setReady] = useState(false);
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    setReady(true);
    return () => clearTimeout(timer.current);
  }, []);

  const onClick = async () => {
    const copied = await copyText(text);
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };

  return (
    <>
      <button
        type="button"
        disabled={!ready}
        onClick={onClick}
        // Once copied, the visible word ("Copied") leads the name: a name that omits the visible text
        // fails speech users who say what they see (axe label-content-name-mismatch).
        aria-label={
          state === 'copied'
            ? `${t('nodePageCopy.copied')} — ${label ?? t('nodePageCopy.copyLabel')}`
            : (label ?? t('nodePageCopy.copyLabel'))
        }
        data-testid="copy-button"
        data-state={state}
        className={`${button.secondary} h-9 shrink-0`}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          {state === 'copied' ? <path d="M5 13l4 4L19 7" /> : <path d="M9 9h10v10H9zM5 15V5h10" />}
        </svg>
        <span aria-hidden="true">{state === 'copied' ? t('nodePageCopy.copied') : t('nodePageCopy.copy')}</span>
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? t('nodePageCopy.copiedAnnouncement') : state === 'failed' ? t('nodePageCopy.failed') : ''}
      </span>
    </>
  );
}
