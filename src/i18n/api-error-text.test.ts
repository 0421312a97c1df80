import { describe, expect, it } from 'vitest';
import { createTranslator } from './translator.ts';
import { MESSAGES } from './messages.ts';
import { pickSections } from './translator.ts';
import { ApiRequestError } from '../lib/api/errors.ts';
import { apiErrorText, apiFieldErrors, codeText } from '../lib/api/error-text.ts';

const tOf = (lang: 'en' | 'ja' | 'ar') => createTranslator(lang, pickSections(MESSAGES[lang], ['apiErrors']));
const validation = (details: unknown) =>
  new ApiRequestError(400, 'Invalid request: repository: Invalid URL', 'validation_error', details);

describe('apiErrorText', () => {
  it('translates a known code and never shows the English text', () => {
    const error = new ApiRequestError(409, 'Publisher "acme" still has 2 node(s).', 'publisher_has_nodes');
    expect(apiErrorText(tOf('en'), error)).toBe(
      'This publisher still has nodes. Delete each node first (its Delete button under Your nodes), then delete the publisher.',
    );
    expect(apiErrorText(tOf('ja'), error)).toMatch(/ノード/);
    expect(apiErrorText(tOf('ja'), error)).not.toMatch(/node\(s\)/);
  });

  it('falls back to the server text for a code it does not know, and to a sentence without one', () => {
    expect(apiErrorText(tOf('en'), new ApiRequestError(400, 'Brand new problem.', 'brand_new'))).toBe(
      'Brand new problem.',
    );
    expect(apiErrorText(tOf('en'), new Error('boom'))).toBe('Something went wrong. Please try again.');
  });

  it('turns validation details into sentences with a named field, in the language', () => {
    const error = validation([
      { path: 'repository', message: 'Invalid URL', code: 'invalid_format' },
      { path: 'name', message: 'Too big', code: 'too_long', limit: 100 },
      { path: 'tags.2', message: 'x', code: 'required' },
    ]);
    expect(apiErrorText(tOf('en'), error)).toBe(
      'The repository is not in the expected format. The name can have at most 100 characters. The tags is required.',
    );
    const arabic = apiErrorText(tOf('ar'), error);
    expect(arabic).toContain('المستودع');
    expect(arabic).not.toMatch(/Invalid|repository/);
  });

  it('picks the plural form of the bound', () => {
    const one = validation([{ path: 'name', message: '', code: 'too_short', limit: 1 }]);
    expect(apiErrorText(tOf('en'), validation([{ path: 'name', message: '', code: 'too_long', limit: 1 }]))).toBe(
      'The name can have at most 1 character.',
    );
    // A minimum of 1 is "required" on the server side; a detail without a code is "not valid".
    expect(apiErrorText(tOf('en'), one)).toBe('The name must have at least 1 character.');
    expect(apiErrorText(tOf('en'), validation([{ path: 'x.y', message: '' }]))).toBe('A value is not valid.');
  });

  it('gives each form field its first sentence', () => {
    const error = validation([
      { path: 'tags.1', message: '', code: 'too_long', limit: 40 },
      { path: 'tags.2', message: '', code: 'required' },
    ]);
    expect(apiFieldErrors(tOf('en'), error)).toEqual({ tags: 'The tags can have at most 40 characters.' });
    expect(apiFieldErrors(tOf('en'), new ApiRequestError(404, 'x', 'not_found'))).toEqual({});
  });

  it('translates a code inside a successful answer', () => {
    expect(codeText(tOf('en'), 'publisher_id_taken', 'English')).toBe(
      'This publisher ID is already taken. Choose another one.',
    );
    expect(codeText(tOf('en'), 'unknown_code', 'English')).toBe('English');
  });
});
