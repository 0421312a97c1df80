import { parseLicense } from '../../../lib/license/license.ts';

/** How a node's license reads on the page, and where its text lives when it is a file. */
export interface LicenseView {
  label: string;
  /** The license file in the repository, when the license names a file. */
  file?: string;
}

/** The page's label: the license text (shortened when a whole license was pasted), else its file. */
export function licenseView(raw: string | null | undefined): LicenseView | null {
  const { text, file } = parseLicense(raw);
  if (text) return { label: text.length > 60 ? `${text.slice(0, 57)}…` : text };
  if (file) return { label: file, file };
  return null;
}
