import { type ReactNode, useEffect, useId, useRef } from 'react';
import { input } from './styles.ts';

interface Props {
  /** Heading level that fits the surrounding outline. */
  as: 'h3' | 'h4' | 'h5';
  heading: string;
  warning: string;
  /** Accessible name of the read-only field that holds the secret. */
  secretLabel: string;
  secret: string;
  testId: string;
  secretTestId: string;
  /** Buttons placed beside the secret (copy, done, …). */
  actions?: ReactNode;
  /** Content placed under the secret row. */
  children?: ReactNode;
}

/** The one and only showing of a new secret (API key, access token); the caller forgets it when it closes. */
export function SecretNotice({
  as: Heading,
  heading,
  warning,
  secretLabel,
  secret,
  testId,
  secretTestId,
  actions,
  children,
}: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const warningId = useId();
  // Keyboard and screen-reader users land on the secret right away.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid={testId}
    >
      <Heading ref={headingRef} tabIndex={-1} className="font-semibold focus-visible:outline-2">
        {heading}
      </Heading>
      <p id={warningId} className="text-sm">
        {warning}
      </p>
      <label htmlFor={inputId} className="sr-only">
        {secretLabel}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={inputId}
          readOnly
          value={secret}
          dir="ltr"
          aria-describedby={warningId}
          className={`${input} min-w-0 flex-1 font-mono`}
          onFocus={(event) => event.target.select()}
          data-testid={secretTestId}
        />
        {actions}
      </div>
      {children}
    </div>
  );
}
