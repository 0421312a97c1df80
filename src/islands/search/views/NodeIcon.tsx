import { useState } from 'react';

const PALETTE = [
  'bg-brand-100 text-brand-700 dark:bg-brand-700/40 dark:text-brand-100',
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200',
  'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  'bg-rose-100 text-rose-800 dark:bg-rose-900/50 dark:text-rose-200',
  'bg-sky-100 text-sky-800 dark:bg-sky-900/50 dark:text-sky-200',
];

/** A stable colour per id, so a pack keeps its fallback look between pages. */
function paletteFor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length] ?? PALETTE[0]!;
}

/** The pack's icon, or its initial on a coloured square (also when the icon fails to load). Decorative. */
export function NodeIcon({ id, name, icon }: { id: string; name: string; icon?: string | undefined }) {
  const [failed, setFailed] = useState(false);
  const box = 'h-12 w-12 shrink-0 rounded-lg';
  if (icon && /^https?:\/\//i.test(icon) && !failed) {
    return (
      <img
        src={icon}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={`${box} bg-slate-100 object-cover dark:bg-slate-800`}
      />
    );
  }
  const initial = [...(name.replace(/^[^\p{L}\p{N}]+/u, '') || id)][0]?.toUpperCase() ?? '?';
  return (
    <span
      aria-hidden="true"
      className={`${box} inline-flex items-center justify-center text-xl font-bold ${paletteFor(id)}`}
    >
      {initial}
    </span>
  );
}
