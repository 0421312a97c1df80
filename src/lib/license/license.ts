// A node's license as publishers and readers see it. comfy-cli stores pyproject's `license` as JSON
// text ({"text": "MIT"} or {"file": "LICENSE"}); older packs have TOML-ish `{file="LICENSE"}` or a
// bare name. Nobody should have to read or write that encoding: the node page shows the text or the
// file name, and the dashboard's edit form edits the text and stores it the way comfy-cli would.

export interface LicenseParts {
  text?: string;
  /** The license file in the repository, when the license names a file. */
  file?: string;
}

const TOML_FIELD = /^\{\s*(text|file)\s*=\s*"([^"]*)"\s*\}$/;

/** The text and file a stored license holds (trimmed, empty parts left out); {} for none. */
export function parseLicense(raw: string | null | undefined): LicenseParts {
  const value = raw?.trim();
  if (!value) return {};
  let text: string | undefined;
  let file: string | undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'string') text = parsed;
    else if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>;
      if (typeof record['text'] === 'string') text = record['text'];
      if (typeof record['file'] === 'string') file = record['file'];
    }
  } catch {
    const toml = TOML_FIELD.exec(value);
    if (toml) {
      if (toml[1] === 'file') file = toml[2];
      else text = toml[2];
    } else text = value;
  }
  const parts: LicenseParts = {};
  if (text?.trim()) parts.text = text.trim();
  if (file?.trim()) parts.file = file.trim();
  return parts;
}

/** What the edit form shows: the license text, else the file it names, else nothing. */
export function licenseFormValue(raw: string | null | undefined): string {
  const { text, file } = parseLicense(raw);
  return text ?? file ?? '';
}

/**
 * What the edit form stores for the text typed in it: comfy-cli's `{"text": …}`, or '' to clear.
 * A value left as the file name the license already named keeps that file form.
 */
export function encodeLicense(typed: string, previousRaw: string | null | undefined): string {
  const value = typed.trim();
  if (!value) return '';
  const previous = parseLicense(previousRaw);
  if (!previous.text && previous.file === value) return JSON.stringify({ file: value });
  return JSON.stringify({ text: value });
}
