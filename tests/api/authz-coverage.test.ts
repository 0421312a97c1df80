import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateOpenApiDocument } from '../../src/server/openapi.ts';
import { ALL_ROWS } from '#test/authz/all-rows.ts';
import { OUTSIDE_MATRIX } from '#test/authz/outside-matrix.ts';

// The list of protected operations is not kept by hand: it is every operation the app's own OpenAPI
// document declares with a non-empty `security`. A protected route without matrix rows fails here.

type Operation = { security?: unknown[] };
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

function protectedOperations(): string[] {
  const paths = generateOpenApiDocument()['paths'] as Record<string, Partial<Record<string, Operation>>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((method) => (item[method]?.security?.length ?? 0) > 0).map(
      (method) => `${method.toUpperCase()} ${path}`,
    ),
  );
}

const inMatrix = new Set(ALL_ROWS.map((row) => row.route));
const outside = (route: string) =>
  OUTSIDE_MATRIX.find((entry) => (typeof entry.route === 'string' ? entry.route === route : entry.route.test(route)));

describe('authorization matrix coverage', () => {
  const operations = protectedOperations();

  it('finds the protected operations in the generated OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(50);
    expect(operations).toContain('POST /publishers/{publisherId}/nodes/{nodeId}/versions');
  });

  it('has matrix rows for every protected operation (or a listed suite, for the few not in it yet)', () => {
    const missing = operations.filter((route) => !inMatrix.has(route) && !outside(route));
    expect(missing, 'protected routes without rows in tests/support/authz/*-rows.ts').toEqual([]);
  });

  it('lists nothing as outside the matrix that has rows, or that is not a protected route', () => {
    for (const entry of OUTSIDE_MATRIX) {
      const matches = operations.filter((route) =>
        typeof entry.route === 'string' ? entry.route === route : entry.route.test(route),
      );
      expect(matches.length, `${String(entry.route)} matches no protected operation`).toBeGreaterThan(0);
      expect(
        matches.filter((route) => inMatrix.has(route)),
        `${String(entry.route)} is in the matrix`,
      ).toEqual([]);
      for (const file of entry.checkedBy.split(', ')) expect(existsSync(file), file).toBe(true);
    }
  });

  it('has no rows for routes that do not exist', () => {
    const paths = generateOpenApiDocument()['paths'] as Record<string, Partial<Record<string, Operation>>>;
    const known = new Set(
      Object.entries(paths).flatMap(([path, item]) =>
        METHODS.filter((method) => item[method]).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    expect([...inMatrix].filter((route) => !known.has(route))).toEqual([]);
  });

  it('covers publishing and uploading', () => {
    expect(inMatrix).toContain('POST /publishers/{publisherId}/nodes/{nodeId}/versions');
    expect(inMatrix).toContain('PUT /storage/objects');
  });
});
