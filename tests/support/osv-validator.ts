import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// Validates documents against the OSV JSON schema shipped in tests/fixtures/osv/ (source and licence in
// its README). The schema's id-prefix and ecosystem lists are OSV's registries, which do not list
// Nodeyard's yet: both patterns get NYSA / Nodeyard added, and every structural rule stays as published.

const schema = JSON.parse(readFileSync(new URL('../fixtures/osv/osv-schema.json', import.meta.url), 'utf8'));
schema.$defs.prefix.pattern = schema.$defs.prefix.pattern.replace('^(x_|(', '^(x_|(NYSA|');
schema.$defs.ecosystemWithSuffix.pattern = schema.$defs.ecosystemWithSuffix.pattern.replace('^(', '^(Nodeyard|');

// ajv-formats is CommonJS: its default export arrives wrapped under Node's ESM interop.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/** The schema's complaints about a document ([] when it is valid OSV). */
export function osvProblems(document: unknown): string[] {
  if (validate(document)) return [];
  return (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`);
}
