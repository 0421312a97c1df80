import { splitHighlights } from '../../../lib/search/highlight.ts';

/** Text with the matched words in <mark>; pieces are rendered as text, never as HTML. */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {splitHighlights(text, terms).map((piece, index) =>
        piece.match ? (
          <mark key={index} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-500/40">
            {piece.text}
          </mark>
        ) : (
          piece.text
        ),
      )}
    </>
  );
}
