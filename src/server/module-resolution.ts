import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { registerHooks, type ResolveFnOutput, type ResolveHookContext } from 'node:module';
import { fileURLToPath } from 'node:url';

// Node 24 reads a package's package.json again for every module it resolves in that package (to learn
// its "type"), and parses it whole each time. drizzle-orm's is 179 KB and its ESM build is hundreds of
// files, so importing the server spent ≈ 1.7 s of a 3 s start in that one place (and ≈ 2.2 CPU-s with
// the garbage it leaves). Two answers Node would give anyway are remembered instead:
//   - a relative `.js` import between files of a package whose package.json says "type": "module" is
//     that file, as an ES module (the same rule Node applies; other packages and extensions go to Node);
//   - a bare specifier (`drizzle-orm/pg-core`) imported by our own files resolves the same from every
//     file of one package, so Node resolves it once per package and conditions.
// Each server entry (scripts/start.ts, src/server/serve.ts, bench/lib/instance-entry.ts) imports this
// module before it loads the rest with import(): hooks see only what is resolved after they are registered.

type NextResolve = (specifier: string, context?: Partial<ResolveHookContext>) => ResolveFnOutput;

/** Directory → the package.json that governs it (null: none up to the root). */
const packageJsonOfDir = new Map<string, string | null>();
/** package.json path → whether it says "type": "module". */
const isModulePackage = new Map<string, boolean>();
/** package root + specifier + conditions → Node's answer for our own files. */
const bareAnswers = new Map<string, ResolveFnOutput>();

function nearestPackageJson(file: string): string | null {
  const visited: string[] = [];
  let dir = dirname(file);
  let found: string | null = null;
  for (;;) {
    const known = packageJsonOfDir.get(dir);
    if (known !== undefined) {
      found = known;
      break;
    }
    visited.push(dir);
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      found = candidate;
      break;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  for (const each of visited) packageJsonOfDir.set(each, found);
  return found;
}

function inModulePackage(file: string): boolean {
  const packageJson = nearestPackageJson(file);
  if (packageJson === null) return false;
  let module = isModulePackage.get(packageJson);
  if (module === undefined) {
    try {
      module = (JSON.parse(readFileSync(packageJson, 'utf8')) as { type?: unknown }).type === 'module';
    } catch {
      module = false; // Node will report the broken file itself.
    }
    isModulePackage.set(packageJson, module);
  }
  return module;
}

const isRelative = (specifier: string) => specifier.startsWith('./') || specifier.startsWith('../');
/** A package name, not a path, a URL, `node:` or a `#` import of package.json's "imports". */
const isBare = (specifier: string) => /^(@[a-z0-9-~][\w.~-]*\/)?[a-z0-9-~][\w.~-]*(\/|$)/i.test(specifier);

/** The resolve hook (exported for its tests). */
export function resolveRemembering(
  specifier: string,
  context: ResolveHookContext,
  nextResolve: NextResolve,
): ResolveFnOutput {
  const parent = context.parentURL;
  if (!parent?.startsWith('file:')) return nextResolve(specifier, context);
  const parentInPackage = parent.includes('/node_modules/');
  if (parentInPackage && isRelative(specifier) && specifier.endsWith('.js')) {
    const url = new URL(specifier, parent);
    const file = fileURLToPath(url);
    if (existsSync(file) && inModulePackage(file)) return { url: url.href, format: 'module', shortCircuit: true };
  }
  if (!parentInPackage && isBare(specifier)) {
    const key = `${nearestPackageJson(fileURLToPath(parent))}\0${specifier}\0${(context.conditions ?? []).join(',')}`;
    const known = bareAnswers.get(key);
    if (known) return { ...known, shortCircuit: true };
    const answer = nextResolve(specifier, context);
    bareAnswers.set(key, answer);
    return answer;
  }
  return nextResolve(specifier, context);
}

const REGISTERED = Symbol.for('nodeyard.module-resolution');
const state = globalThis as { [REGISTERED]?: true };
if (!state[REGISTERED]) {
  state[REGISTERED] = true;
  registerHooks({ resolve: resolveRemembering });
}
