import type { WorkBudget } from './work-budget.ts';

// Finds "<label>:{json}" in free text (how ComfyUI stores "workflow:{…}" and "prompt:{…}" in WebP
// EXIF values) in one pass: each character is visited once by the marker search and at most once
// by the brace matching, whatever the text holds. (Scanning afresh from every marker to the end of
// the text made "workflow:{" repeated quadratic: 320 KiB held the event loop for seconds.)

const NUL = 0x00;
const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x7b;
const CLOSE = 0x7d;

/** Whether the `{` at `at` follows `marker` (and optional spaces). Walks back over those spaces only. */
function followsMarker(text: string, at: number, marker: string, budget: WorkBudget): boolean {
  let before = at;
  while (before > 0 && text.charCodeAt(before - 1) === SPACE) before--;
  budget.spend(at - before + 1);
  return before >= marker.length && text.startsWith(marker, before - marker.length);
}

/**
 * Matches braces from the labelled `{` at `start` (strings and escapes respected) until that object
 * closes, or the value ends (a NUL: EXIF values end with one, and JSON never holds a raw NUL), or the
 * text ends. Answers the object's text; when it never closes, the first labelled object nested in it
 * (outside strings) that did close; otherwise the position where the scan stopped, where the search
 * goes on. Labelled objects that sit inside a string of an unclosed one are not tried: that would
 * mean another scan over the same characters.
 */
function scanLabelledObject(text: string, start: number, marker: string, budget: WorkBudget): string | number {
  let depth = 0;
  let inString = false;
  // The open labelled objects, innermost last, with the depth each opened at.
  const openAt: number[] = [];
  const openDepth: number[] = [];
  let closed: [number, number] | undefined;
  let i = start;
  for (; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (char === NUL) break;
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN) {
      depth++;
      if (i === start || followsMarker(text, i, marker, budget)) {
        openAt.push(i);
        openDepth.push(depth);
      }
    } else if (char === CLOSE) {
      if (openDepth.at(-1) === depth) {
        openDepth.pop();
        const opened = openAt.pop()!;
        if (opened === start) {
          budget.spend(i + 1 - start);
          return text.slice(start, i + 1);
        }
        if (!closed || opened < closed[0]) closed = [opened, i + 1];
      }
      depth--;
    }
  }
  const stop = Math.min(i, text.length); // an escape at the very end steps one past it
  budget.spend(stop - start);
  return closed ? text.slice(closed[0], closed[1]) : stop;
}

/**
 * The JSON text after the first `<label>:` (spaces allowed before the `{`) whose object closes, or
 * undefined. Charges `budget` one step per character visited.
 */
export function findLabelledJson(text: string, label: string, budget: WorkBudget): string | undefined {
  const marker = `${label}:`;
  let from = 0;
  while (from < text.length) {
    const at = text.indexOf(marker, from);
    if (at < 0) {
      budget.spend(text.length - from);
      return undefined;
    }
    let start = at + marker.length;
    while (text.charCodeAt(start) === SPACE) start++;
    budget.spend(start - from);
    if (text.charCodeAt(start) !== OPEN) {
      from = start;
      continue;
    }
    const found = scanLabelledObject(text, start, marker, budget);
    if (typeof found === 'string') return found;
    from = Math.max(found, start + 1);
  }
  return undefined;
}
