// Generators of hostile inputs for the API fuzz run (bench/fuzz-api.ts). Deterministic for a seed.
import type { seededRandom } from '../../src/server/seed/prng.ts';

type Rng = ReturnType<typeof seededRandom>;

/** Values that break naive parsers, paths and SQL: wrong types, huge, empty, traversal, unicode. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '%00',
  "' OR 1=1 --",
  '"; DROP TABLE nodes; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  'http://169.254.169.254/latest/meta-data/',
  '//evil.example/x',
  '\u202e\u0000\uffff',
  '😀'.repeat(50),
  'a'.repeat(5000),
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '9'.repeat(40),
];

export const NASTY_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_SAFE_INTEGER,
  [],
  [null],
  {},
  { $ne: 1 },
  'x'.repeat(100_000),
  ...NASTY_STRINGS,
];

export function nastyString(rng: Rng): string {
  return rng.pick(NASTY_STRINGS);
}

export function nastyValue(rng: Rng): unknown {
  return rng.pick(NASTY_VALUES);
}

interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike;
  $ref?: string;
}

/** A body that is wrong in one of several ways: not JSON, wrong top type, or one field poisoned. */
export function nastyBody(rng: Rng, schema: SchemaLike | undefined): { text: string; contentType: string } {
  const mode = rng.int(0, 5);
  if (mode === 0) return { text: '{"unterminated": ', contentType: 'application/json' };
  if (mode === 1) return { text: JSON.stringify(nastyValue(rng)), contentType: 'application/json' };
  if (mode === 2) return { text: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' };
  if (mode === 3) {
    // Deep nesting: parsers and validators that recurse must not fall over.
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    return { text: deep, contentType: 'application/json' };
  }
  const body: Record<string, unknown> = {};
  for (const key of Object.keys(schema?.properties ?? { name: {}, id: {} })) {
    body[key] = rng.int(0, 2) === 0 ? nastyValue(rng) : `fuzz-${rng.int(0, 9999)}`;
  }
  return { text: JSON.stringify(body), contentType: 'application/json' };
}
