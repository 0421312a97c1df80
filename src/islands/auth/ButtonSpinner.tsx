/**
 * A small spinner drawn inside a busy button, beside its label: decoration only (the button says
 * aria-busy and its label changes), so it is hidden from assistive technology.
 */
export function ButtonSpinner() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-4 w-4 animate-spin"
      fill="none"
      data-testid="button-spinner"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.3" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}
