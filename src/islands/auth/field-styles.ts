export const inputClass =
  'mt-1 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
export const fieldErrorClass = 'mt-1 text-sm text-red-700 dark:text-red-300';
