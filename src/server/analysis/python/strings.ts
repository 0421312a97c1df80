import type { Node } from 'web-tree-sitter';

// String literals as Python would see them (good enough for matching and for extracted metadata):
// prefixes, raw strings and the common escapes. f-string interpolations are left to the caller.

const SIMPLE_ESCAPES: Record<string, string> = {
  n: '\n',
  t: '\t',
  r: '\r',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '0': '\0',
  a: '\x07',
  b: '\b',
  f: '\f',
  v: '\v',
  '\n': '',
};

export function decodeEscape(text: string): string {
  const body = text.slice(1);
  const simple = SIMPLE_ESCAPES[body];
  if (simple !== undefined) return simple;
  if (/^(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})$/.test(body)) {
    return String.fromCodePoint(Number.parseInt(body.slice(1), 16));
  }
  if (/^[0-7]{1,3}$/.test(body)) return String.fromCodePoint(Number.parseInt(body, 8));
  return text;
}

export function stringPrefix(node: Node): string {
  const start = node.firstChild;
  return start?.type === 'string_start' ? start.text.replace(/['"]+$/, '').toLowerCase() : '';
}

export function isFString(node: Node): boolean {
  return stringPrefix(node).includes('f');
}

/** The literal text of a `string` node; interpolations are replaced by `interpolate(node)`. */
export function stringValue(node: Node, interpolate: (part: Node) => string | null = () => null): string | null {
  const raw = stringPrefix(node).includes('r');
  let out = '';
  for (const part of node.namedChildren) {
    if (!part) continue;
    if (part.type === 'string_content') out += part.text;
    else if (part.type === 'escape_sequence') out += raw ? part.text : decodeEscape(part.text);
    else if (part.type === 'interpolation') {
      const value = interpolate(part);
      if (value === null) return null;
      out += value;
    }
  }
  return out;
}

/** A statement that is only a string (a docstring, or a commented-out block in quotes). */
export function isBareStringStatement(node: Node): boolean {
  const parent = node.parent;
  return parent?.type === 'expression_statement' && parent.namedChildCount === 1;
}
