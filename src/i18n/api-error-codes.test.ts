import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './locales.ts';
import { MESSAGES } from './messages.ts';
import type { MessageTree } from './translator.ts';
import { MACHINE_ERROR_CODES, USER_FACING_ERROR_CODES, VALIDATION_ISSUES } from '../lib/api/error-codes.ts';

const root = new URL('../../', import.meta.url).pathname;

function serverSources(dir = join(root, 'src/server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

/** Every code literal the server hands to an ApiError helper or writes into an error body itself. */
function emittedCodes(): Set<string> {
  const codes = new Set<string>();
  const patterns = [
    // badRequest(message, 'code'), forbidden(…, 'code'), conflict(…, 'code'), possibly over several lines.
    /\b(?:badRequest|forbidden|conflict)\((?:[^()]|\([^()]*\))*?,\s*'([a-z_]+)'\s*,?\s*(?:details|\))/g,
    /new (?:ApiError|WorkflowInputError)\(\s*\w+,\s*'([a-z_]+)'/g,
    // Codes sent inside a 200 answer (the publisher-id check).
    /return \{ code: '([a-z_]+)', message/g,
    /errorBody\('([a-z_]+)'/g,
    /\berror: '([a-z_]+)'/g,
  ];
  for (const source of serverSources()) {
    for (const pattern of patterns) for (const match of source.matchAll(pattern)) codes.add(match[1]!);
  }
  return codes;
}

const lookup = (tree: MessageTree, path: string): unknown =>
  path.split('.').reduce<unknown>((node, key) => (node as MessageTree | undefined)?.[key], tree);

// The request fields of the forms the islands send (publisher, node, token, API key, claim, admin, credits,
// reports): a validation error on any of them is named in words.
const ISLAND_REQUEST_SCHEMAS = [
  'CreatePublisherRequest',
  'UpdatePublisherRequest',
  'UpdateNodeRequest',
  'CreatePersonalAccessTokenRequest',
  'CreateAPIKeyRequest',
  'AdminCreateNodeRequest',
  'AdminUpdateNodeRequest',
  'AdminBanRequest',
  'AdminBatchReviewRequest',
  'AdjustCreditsRequest',
  'CreatePackReport',
  'DecidePackReport',
  'NodeVersionUpdateRequest',
];

describe('API error codes', () => {
  it('lists every code the server can emit, once', () => {
    const listed = [...USER_FACING_ERROR_CODES, ...MACHINE_ERROR_CODES];
    expect(new Set(listed).size).toBe(listed.length);
    const emitted = emittedCodes();
    // The scan must find the server's codes at all (a broken pattern would pass vacuously).
    expect(emitted.size).toBeGreaterThan(60);
    expect([...emitted].filter((code) => !listed.includes(code as never)).sort()).toEqual([]);
  });

  it.each(LOCALES)('has a message for every user-facing code and validation issue in %s', (locale) => {
    const messages = MESSAGES[locale];
    const missing = USER_FACING_ERROR_CODES.filter(
      (code) => typeof lookup(messages, `apiErrors.codes.${code}`) !== 'string',
    );
    expect(missing).toEqual([]);
    for (const issue of VALIDATION_ISSUES) {
      const entry =
        lookup(messages, `apiErrors.validation.${issue}`) ?? lookup(messages, `apiErrors.validation.${issue}_other`);
      expect(entry, `${locale}: validation.${issue}`).toBeTypeOf('string');
    }
  });

  it('names every field of the forms the islands send', () => {
    const document = JSON.parse(readFileSync(join(root, 'docs/openapi.json'), 'utf8')) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const fields = new Set(
      ISLAND_REQUEST_SCHEMAS.flatMap((name) => Object.keys(document.components.schemas[name]?.properties ?? {})),
    );
    expect(fields.size).toBeGreaterThan(20);
    for (const locale of LOCALES) {
      const missing = [...fields].filter(
        (field) => typeof lookup(MESSAGES[locale], `apiErrors.fields.${field}`) !== 'string',
      );
      expect(missing, locale).toEqual([]);
    }
  });
});
