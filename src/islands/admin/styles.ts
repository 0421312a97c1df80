// Class lists shared by the admin screens (buttons, inputs, tables), so focus and contrast match.

const base =
  'inline-flex items-center justify-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium transition ' +
  'disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2';

export const btn = {
  primary: `${base} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-500`,
  secondary:
    `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-brand-500 ` +
    'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: `${base} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-600`,
  success: `${base} bg-emerald-700 text-white hover:bg-emerald-800 focus-visible:outline-emerald-600`,
  warn: `${base} bg-amber-600 text-white hover:bg-amber-700 focus-visible:outline-amber-500`,
};

export const input =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-500 dark:border-slate-600 dark:bg-slate-900 ' +
  'dark:text-slate-100 dark:placeholder:text-slate-400';

export const card = 'rounded-xl border border-slate-200 p-4 dark:border-slate-800';
export const muted = 'text-sm text-slate-600 dark:text-slate-300';
export const th =
  'px-3 py-2 text-start text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300';
export const td = 'px-3 py-2 align-top text-sm';
export const row =
  'border-t border-slate-200 focus-within:bg-brand-50 dark:border-slate-800 dark:focus-within:bg-slate-800/60';
