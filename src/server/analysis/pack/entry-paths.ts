// Which entry names are safe to extract, and when two names land on the same file. ComfyUI-Manager
// extracts a pack straight into custom_nodes/<id>/ with Python's zipfile, on Linux, macOS and
// Windows alike, so a name must stay inside that folder and mean the same path everywhere:
// zipfile drops empty, "." and ".." segments, Windows also turns `<>:"|?*` into "_" and strips
// trailing dots and spaces, and macOS and Windows fold case (macOS also Unicode normalisation).

export const MAX_NAME_BYTES = 1024;

const WINDOWS_RESERVED_CHARS = /[<>:"|?*]/;

/** Why a path is unsafe or ambiguous to extract, or null. */
export function pathProblem(name: string): string | null {
  if (name.length === 0) return 'has an empty name';
  if ([...name].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) {
    return 'has control characters in its name';
  }
  if (name.includes('\\')) return 'uses a backslash in its path (only "/" separators are allowed)';
  if (name.startsWith('/')) return 'has an absolute path';
  if (/^[a-zA-Z]:/.test(name)) return 'starts with a drive letter';
  const segments = (name.endsWith('/') ? name.slice(0, -1) : name).split('/');
  if (segments.includes('..')) return 'has a ".." path segment';
  if (segments.some((s) => s === '' || s === '.')) {
    return 'has an empty or "." path segment (extractors drop it, so two names could become one file)';
  }
  const reserved = WINDOWS_RESERVED_CHARS.exec(name);
  if (reserved) return `has a character Windows cannot store in a file name (${JSON.stringify(reserved[0])})`;
  if (segments.some((s) => /[. ]$/.test(s))) {
    return 'has a path segment ending in a dot or a space (Windows strips it, so the file would be extracted under another name)';
  }
  return null;
}

/**
 * The file an entry becomes on the most forgiving file system: folders without their trailing
 * slash, Unicode composed (NFC), case folded. Two entries with one key overwrite each other somewhere.
 */
export function extractionKey(name: string): string {
  const path = name.endsWith('/') ? name.slice(0, -1) : name;
  return path.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

/** The keys of the folders a file's extraction creates: `a/b/c.py` → `a`, `a/b`. */
export function parentKeys(key: string): string[] {
  const parts = key.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}
