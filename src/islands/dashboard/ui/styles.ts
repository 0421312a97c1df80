// Shared class lists, so every button and input of the dashboard looks and focuses the same.

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-sm font-medium transition ' +
  'disabled:cursor-not-allowed disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-2';

export const buttonClass = {
  primary: `${base} bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-500`,
  secondary:
    `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 ` +
    'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  danger: `${base} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-600`,
  dangerGhost:
    `${base} border border-red-300 text-red-800 hover:bg-red-50 ` +
    'dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950',
};

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 ' +
  'placeholder:text-slate-500 aria-[invalid=true]:border-red-600 ' +
  'dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400';

export const cardClass = 'rounded-xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800';

export const mutedText = 'text-sm text-slate-600 dark:text-slate-300';
