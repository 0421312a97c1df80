/**
 * The JSON object that starts at `from` (a `{`), cut at its matching brace, strings and escapes
 * respected. Undefined when the object never closes.
 */
export function sliceJsonObject(text: string, from: number): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return text.slice(from, i + 1);
  }
  return undefined;
}

/**
 * The JSON text after `<label>:` in free text (how ComfyUI stores "workflow:{…}" and "prompt:{…}"
 * in WebP EXIF fields), or undefined.
 */
export function findLabelledJson(text: string, label: string): string | undefined {
  const marker = `${label}:`;
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, at + 1)) {
    let start = at + marker.length;
    while (text[start] === ' ') start++;
    if (text[start] !== '{') continue;
    const json = sliceJsonObject(text, start);
    if (json) return json;
  }
  return undefined;
}
