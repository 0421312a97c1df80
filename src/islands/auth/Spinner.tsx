/** A centred spinner with a visible, announced label. */
export function Spinner({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[30vh] items-center justify-center gap-3 text-slate-600 dark:text-slate-300"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 animate-spin" fill="none">
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <span>{label}</span>
    </div>
  );
}
