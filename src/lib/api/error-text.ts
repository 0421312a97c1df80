// What a person reads when an API call fails: the translated message of the server's machine code, or for a
// validation error one sentence per field ("The name can have at most 100 characters."). The server's English
// text is only the fallback for a code the islands do not know yet.
import type { OpenKey } from '../../i18n/message-keys.ts';
import type { TFunction } from '../../i18n/translator.ts';
import { VALIDATION_ISSUES, type ValidationIssue } from './error-codes.ts';
import { isApiRequestError } from './errors.ts';

interface Detail {
  path: string;
  code?: ValidationIssue;
  limit?: number;
}

/** The message for a key built from the server's words (a code, a field name), or null when this build has none. */
function translated(t: TFunction, key: OpenKey): string | null {
  const text = t(key);
  return text === key ? null : text;
}

function readDetails(details: unknown): Detail[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const { path, code, limit } = raw as Record<string, unknown>;
    if (typeof path !== 'string') return [];
    const detail: Detail = { path };
    if (typeof code === 'string' && (VALIDATION_ISSUES as readonly string[]).includes(code)) {
      detail.code = code as ValidationIssue;
    }
    if (typeof limit === 'number') detail.limit = limit;
    return [detail];
  });
}

/** The field a path names, in words: its last named segment ("tags.2" → "The tags"), or "A value". */
function fieldName(t: TFunction, path: string): string {
  const segment = path
    .split('.')
    .reverse()
    .find((part) => part && !/^\d+$/.test(part));
  return (segment && translated(t, `apiErrors.fields.${segment}`)) ?? t('apiErrors.fields.unknown');
}

function detailSentence(t: TFunction, detail: Detail): string {
  const field = fieldName(t, detail.path);
  const code = detail.code ?? 'invalid';
  if ((code === 'too_short' || code === 'too_long') && detail.limit !== undefined) {
    return t(`apiErrors.validation.${code}`, { field, count: detail.limit });
  }
  if ((code === 'too_small' || code === 'too_big') && detail.limit !== undefined) {
    return t(`apiErrors.validation.${code}`, { field, limit: detail.limit });
  }
  return t(`apiErrors.validation.${code === 'too_short' || code === 'too_long' ? 'invalid' : code}`, { field });
}

/**
 * The message to show for a failed call, in the island's language (`t` must carry the `apiErrors` section).
 * Anything that is not an API error gets the generic sentence.
 */
export function apiErrorText(t: TFunction, error: unknown): string {
  if (!isApiRequestError(error)) return t('apiErrors.generic');
  if (error.code === 'validation_error') {
    const sentences = [...new Set(readDetails(error.details).map((detail) => detailSentence(t, detail)))];
    if (sentences.length > 0) return sentences.join(' ');
  }
  if (error.code) {
    const text = translated(t, `apiErrors.codes.${error.code}`);
    if (text) return text;
  }
  return error.message || t('apiErrors.generic');
}

/**
 * A validation error's sentences by form field (the first segment of each path: "tags.2" → "tags"), so a form can
 * show each one under its input; empty for any other error.
 */
export function apiFieldErrors(t: TFunction, error: unknown): Record<string, string> {
  if (!isApiRequestError(error) || error.code !== 'validation_error') return {};
  const out: Record<string, string> = {};
  for (const detail of readDetails(error.details)) {
    const field = detail.path.split('.')[0] ?? detail.path;
    out[field] ??= detailSentence(t, detail);
  }
  return out;
}

/** The message of a code sent inside a successful answer (e.g. `{isAvailable: false, error}`), or the fallback. */
export function codeText(t: TFunction, code: string | undefined, fallback: string | undefined): string | undefined {
  return (code && translated(t, `apiErrors.codes.${code}`)) || fallback;
}
