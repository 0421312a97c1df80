// The kit's class lists, shared by every island, so buttons, inputs and tables look and focus the same everywhere.
// There is one button style (`button.<tone>`); the admin screens use the denser `compact` inputs and cards.

const interaction =
  'rounded-lg px-3 py-1.5 text-sm font-medium transition disabled:cursor-not-allowed disabled:opacity-60 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2';

/** Colours of each button kind, without layout, so the normal and compact sets cannot drift apart. */
const tone = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-500',
  secondary:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-500 ' +
    'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-600',
  dangerGhost:
    'border border-red-300 text-red-800 hover:bg-red-50 focus-visible:outline-red-600 ' +
    'dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950',
  success: 'bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-600',
  warn: 'bg-amber-700 text-white hover:bg-amber-800 focus-visible:outline-amber-500',
};

type Tone = keyof typeof tone;

const base = `inline-flex items-center justify-center gap-2 ${interaction}`;

/** The one button style of the islands: `className={button.primary}` (or secondary, danger, …). */
export const button = Object.fromEntries(
  Object.entries(tone).map(([name, colours]) => [name, `${base} ${colours}`]),
) as Record<Tone, string>;

const field =
  'rounded-lg border border-slate-300 bg-white text-sm text-slate-900 placeholder:text-slate-500 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-600 dark:bg-slate-900 ' +
  'dark:text-slate-100 dark:placeholder:text-slate-400';

/** Full-width form field that turns red when `aria-invalid`. */
export const input = `block w-full px-3 py-2 aria-[invalid=true]:border-red-600 ${field}`;
/** Inline field for the admin filter bars. */
export const compactInput = `px-3 py-1.5 ${field}`;

export const card = 'rounded-xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800';
export const compactCard = 'rounded-xl border border-slate-200 p-4 dark:border-slate-800';
export const muted = 'text-sm text-slate-600 dark:text-slate-300';
export const label = 'mb-1 block text-sm font-medium text-slate-800 dark:text-slate-100';
export const th =
  'px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300';
export const td = 'px-3 py-2 align-top text-sm';
export const row =
  'border-t border-slate-200 focus-within:bg-brand-50 dark:border-slate-800 dark:focus-within:bg-slate-800/60';
