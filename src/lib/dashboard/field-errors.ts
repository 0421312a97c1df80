/**
 * The server's validation details (`[{path, message}]`) by field name, so a form can show each
 * message under its input. Paths name body fields ("repository", "tags.2"); the first segment is
 * the field.
 */
export function fieldErrors(details: unknown): Record<string, string> {
  if (!Array.isArray(details)) return {};
  const out: Record<string, string> = {};
  for (const detail of details) {
    if (!detail || typeof detail !== 'object') continue;
    const { path, message } = detail as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || typeof message !== 'string') continue;
    const field = path.split('.')[0] ?? path;
    out[field] ??= message;
  }
  return out;
}
