/** How a node's license reads on the page, and where its text lives when it is a file. */
export interface LicenseView {
  label: string;
  /** The license file in the repository, when the license names a file. */
  file?: string;
}

// comfy-cli stores pyproject's `license` as JSON text ({"text": "MIT"} or {"file": "LICENSE"});
// older packs have TOML-ish `{file="LICENSE"}` or a bare SPDX id.
const TOML_FIELD = /^\{\s*(text|file)\s*=\s*"([^"]*)"\s*\}$/;

export function licenseView(raw: string | null | undefined): LicenseView | null {
  const value = raw?.trim();
  if (!value) return null;
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
  text = text?.trim();
  file = file?.trim();
  if (text) return { label: text.length > 60 ? `${text.slice(0, 57)}…` : text };
  if (file) return { label: file, file };
  return null;
}
