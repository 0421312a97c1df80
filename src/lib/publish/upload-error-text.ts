// What went wrong with an uploaded zip, said in the page's language: the archive rule it broke
// and the entry, where pyproject.toml is or which key of it is wrong, or the publisher it names.
// Everything else is the API's translated error code (apiErrorText).
import type { TFunction } from '../../i18n/translator.ts';
import { apiErrorText } from '../api/error-text.ts';
import { isApiRequestError } from '../api/errors.ts';
import { INVALID_ARCHIVE_RULES } from './archive-rules.ts';

interface Detail {
  path?: unknown;
  message?: unknown;
  code?: unknown;
  rule?: unknown;
}

function firstDetail(details: unknown): Detail {
  return Array.isArray(details) && details[0] && typeof details[0] === 'object' ? (details[0] as Detail) : {};
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export function uploadErrorText(t: TFunction, error: unknown, publisherId: string): string {
  if (!isApiRequestError(error)) return apiErrorText(t, error);
  const detail = firstDetail(error.details);
  const path = text(detail.path);
  switch (error.code) {
    case 'invalid_archive': {
      const given = text(detail.rule);
      const rule = INVALID_ARCHIVE_RULES.find((known) => known === given);
      if (!rule) break;
      const sentence = t(`publishGuide.errors.rules.${rule}`);
      return path ? `${sentence} ${t('publishGuide.errors.entry', { entry: path })}` : sentence;
    }
    case 'archive_ambiguous':
      return path
        ? `${apiErrorText(t, error)} ${t('publishGuide.errors.entry', { entry: path })}`
        : apiErrorText(t, error);
    case 'pyproject_missing':
      if (path.endsWith('/pyproject.toml')) {
        return t('publishGuide.errors.nested', { folder: path.slice(0, -'/pyproject.toml'.length) });
      }
      break;
    case 'pyproject_invalid': {
      const line = /:(\d+)$/.exec(path)?.[1];
      return line
        ? `${apiErrorText(t, error)} ${t('publishGuide.errors.line', { line: Number(line) })}`
        : apiErrorText(t, error);
    }
    case 'pyproject_field_invalid':
      if (path) {
        return t(detail.code === 'required' ? 'publishGuide.errors.fieldRequired' : 'publishGuide.errors.fieldType', {
          field: path,
        });
      }
      break;
    case 'publisher_id_mismatch':
      return t('publishGuide.errors.publisherMismatch', { named: text(detail.message), publisher: publisherId });
  }
  return apiErrorText(t, error);
}
