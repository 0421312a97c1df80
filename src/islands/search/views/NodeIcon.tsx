import type { ImageAttributes } from '../../../lib/images/image-url.ts';

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

/**
 * The pack's icon (through the site's /_image endpoint, URLs signed by the server: `icon_image` of the
 * search answer) over its initial on a coloured square: a missing, refused or broken icon comes back
 * as a transparent pixel and the initial shows. Decorative.
 */
export function NodeIcon({ id, name, image }: { id: string; name: string; image?: ImageAttributes | undefined }) {
  const initial = [...(name.replace(/^[^\p{L}\p{N}]+/u, '') || id)][0]?.toUpperCase() ?? '?';
  return (
    <span
      className={`relative inline-flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-lg text-xl font-bold ${paletteFor(id)}`}
      data-testid="node-card-icon"
    >
      <span aria-hidden="true">{initial}</span>
      {image && (
        <img
          src={image.src}
          srcSet={image.srcset}
          sizes={image.sizes}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 h-full w-full object-cover"
        />
      )}
    </span>
  );
}
