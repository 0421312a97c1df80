import { existsSync } from 'node:fs';
import type { ResolveFnOutput, ResolveHookContext } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveRemembering } from './module-resolution.ts';

const root = new URL('../../', import.meta.url);
const drizzleFile = new URL('node_modules/drizzle-orm/pg-core/table.js', root);
const ownFile = (path: string) => new URL(path, root).href;
const context = (parentURL: string): ResolveHookContext => ({
  parentURL,
  conditions: ['node', 'import'],
  importAttributes: {},
});

/** Node's side of the chain: counts the calls and answers a fixed URL per specifier. */
function nodeResolve() {
  const calls: string[] = [];
  const next = (specifier: string): ResolveFnOutput => {
    calls.push(specifier);
    return { url: `file:///resolved/${specifier}`, format: 'module' };
  };
  return { calls, next };
}

describe('module resolution remembered where Node would answer the same', () => {
  it('resolves a relative .js import inside an ES-module package itself, as that file and an ES module', () => {
    expect(existsSync(drizzleFile)).toBe(true);
    const { calls, next } = nodeResolve();
    const answer = resolveRemembering('../entity.js', context(drizzleFile.href), next);
    expect(answer).toEqual({
      url: new URL('node_modules/drizzle-orm/entity.js', root).href,
      format: 'module',
      shortCircuit: true,
    });
    expect(existsSync(fileURLToPath(answer.url))).toBe(true);
    expect(calls).toEqual([]);
  });

  it('leaves to Node a relative import in a package that is not "type": "module", and a file that is missing', () => {
    const { calls, next } = nodeResolve();
    const semverFile = new URL('node_modules/semver/functions/parse.js', root).href;
    resolveRemembering('../classes/semver.js', context(semverFile), next);
    resolveRemembering('./no-such-file.js', context(drizzleFile.href), next);
    expect(calls).toEqual(['../classes/semver.js', './no-such-file.js']);
  });

  it('asks Node once per package for a bare specifier imported by our own files', () => {
    const { calls, next } = nodeResolve();
    const specifier = `some-package-${Math.random().toString(36).slice(2)}/sub`;
    const first = resolveRemembering(specifier, context(ownFile('src/server/app.ts')), next);
    const second = resolveRemembering(specifier, context(ownFile('src/server/db/client.ts')), next);
    expect(calls).toEqual([specifier]);
    expect(second).toEqual({ ...first, shortCircuit: true });
    // Other conditions (require) may resolve elsewhere: Node is asked again.
    resolveRemembering(specifier, { ...context(ownFile('src/server/app.ts')), conditions: ['node', 'require'] }, next);
    expect(calls).toEqual([specifier, specifier]);
  });

  it('asks Node every time for bare specifiers from packages, package imports (#) and built-ins', () => {
    const { calls, next } = nodeResolve();
    const own = ownFile('src/server/app.ts');
    for (let round = 0; round < 2; round += 1) {
      resolveRemembering('zod', context(drizzleFile.href), next);
      resolveRemembering('#test/test-db.ts', context(own), next);
      resolveRemembering('node:fs', context(own), next);
      resolveRemembering('./relative.ts', context(own), next);
      resolveRemembering('data-url', context('data:text/javascript,1'), next);
    }
    expect(calls).toEqual([
      ...['zod', '#test/test-db.ts', 'node:fs', './relative.ts', 'data-url'],
      ...['zod', '#test/test-db.ts', 'node:fs', './relative.ts', 'data-url'],
    ]);
  });

  it('keeps the answers of one package apart from another’s', () => {
    const { calls, next } = nodeResolve();
    const specifier = `other-package-${Math.random().toString(36).slice(2)}`;
    resolveRemembering(specifier, context(ownFile('src/server/app.ts')), next);
    // A file under a directory without our package.json above it: its own lookup.
    resolveRemembering(specifier, context(pathToFileURL('/tmp/elsewhere/entry.mjs').href), next);
    expect(calls).toEqual([specifier, specifier]);
  });
});
