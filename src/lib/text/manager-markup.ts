import { parseWebUrl } from '../url/web-url.ts';
// Pack descriptions imported from ComfyUI-Manager's catalogue carry that catalogue's own markup:
// `[a/label](https://…)` is a link, `[w/text]` a warning (which may hold links), and some authors
// write plain markdown links `[label](https://…)`. Shown raw, a card reads "[a/wandpy](https://github…)".
// This turns a description into pieces the page renders as text and links (never as HTML), or into
// clean text for cards, meta descriptions and anything else that shows a line of prose.

export type InlinePiece = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };
export type DescriptionPiece = InlinePiece | { kind: 'warning'; pieces: InlinePiece[] };

/** Longer than this between brackets is prose, not markup; it also bounds the work on hostile text. */
const MAX_SPAN = 1000;

/** Brackets nest (`[w/… [a/x](y) …]`): the index of the bracket closing the one at `open`, or -1. */
function closing(text: string, open: number, opener: string, closer: string): number {
  let depth = 0;
  const stop = Math.min(text.length, open + MAX_SPAN);
  for (let i = open; i < stop; i += 1) {
    if (text[i] === opener) depth += 1;
    else if (text[i] === closer) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** Only absolute http(s) targets become links: a description is publisher input. */
function httpHref(target: string): string | null {
  return parseWebUrl(target)?.href ?? null;
}

/** `[label](target)` at `start`, with the optional `a/` prefix: the link (or bare label) and where it ends. */
function readLink(text: string, start: number): { piece: InlinePiece; end: number } | null {
  const labelEnd = closing(text, start, '[', ']');
  if (labelEnd < 0) return null;
  const raw = text.slice(start + 1, labelEnd);
  const manager = raw.startsWith('a/');
  const label = manager ? raw.slice(2) : raw;
  // The `a/` prefix is unambiguous, so a stray space before its target (seen in the catalogue) is
  // forgiven, and an `[a/label]` without a target still loses its markup.
  let open = labelEnd + 1;
  if (manager) while (text[open] === ' ' && open - labelEnd <= 2) open += 1;
  const targetEnd = text[open] === '(' ? closing(text, open, '(', ')') : -1;
  if (targetEnd < 0) return manager ? { piece: { kind: 'text', text: label }, end: labelEnd + 1 } : null;
  const href = httpHref(text.slice(open + 1, targetEnd));
  // A target that is not a web address (some entries repeat the sentence there) keeps only the label.
  const piece: InlinePiece = href ? { kind: 'link', text: label || href, href } : { kind: 'text', text: label };
  return { piece, end: targetEnd + 1 };
}

function pushText<T extends DescriptionPiece>(pieces: T[], text: string): void {
  if (!text) return;
  const last = pieces[pieces.length - 1];
  if (last?.kind === 'text') last.text += text;
  else pieces.push({ kind: 'text', text } as T);
}

function parseInline(text: string): InlinePiece[] {
  const pieces: InlinePiece[] = [];
  let plain = '';
  for (let i = 0; i < text.length; i += 1) {
    const link = text[i] === '[' ? readLink(text, i) : null;
    if (!link) {
      plain += text[i];
      continue;
    }
    pushText(pieces, plain);
    plain = '';
    if (link.piece.kind === 'text') pushText(pieces, link.piece.text);
    else pieces.push(link.piece);
    i = link.end - 1;
  }
  pushText(pieces, plain);
  return pieces;
}

/** The description as text, links and warnings; text without markup comes back as one text piece. */
export function parseDescription(text: string): DescriptionPiece[] {
  const pieces: DescriptionPiece[] = [];
  let rest = text;
  for (;;) {
    const start = rest.indexOf('[w/');
    const end = start < 0 ? -1 : closing(rest, start, '[', ']');
    if (end < 0) break;
    for (const piece of parseInline(rest.slice(0, start))) {
      if (piece.kind === 'text') pushText(pieces, piece.text);
      else pieces.push(piece);
    }
    const inner = rest.slice(start + 3, end).trim();
    if (inner) pieces.push({ kind: 'warning', pieces: parseInline(inner) });
    rest = rest.slice(end + 1);
  }
  for (const piece of parseInline(rest)) {
    if (piece.kind === 'text') pushText(pieces, piece.text);
    else pieces.push(piece);
  }
  return pieces;
}

const inlineText = (pieces: InlinePiece[]) => pieces.map((piece) => piece.text).join('');

/** The description as plain prose: link labels kept, targets and markup dropped, warnings as sentences. */
export function plainDescription(text: string): string {
  return parseDescription(text)
    .map((piece) => (piece.kind === 'warning' ? ` ${inlineText(piece.pieces)} ` : piece.text))
    .join('')
    .replace(/[ \t]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
}
