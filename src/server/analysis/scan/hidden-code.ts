import type { Node } from 'web-tree-sitter';
import { stringValue } from '../python/strings.ts';
import { report, type FileContext } from './file-context.ts';
import { positionalArgs } from './resolve.ts';
import { RULES } from './rules.ts';

// Code kept where a review of the pack's .py files does not look: in a bundled archive put on
// sys.path (Python imports from zips), or in a data file that is run (`runpy.run_path("x.txt")`).
// Exec of a file's contents is handled with the other exec rules (python-rules.ts, taint.ts).

/** Names Python can import from once on sys.path, or that zipimport/runpy open as an archive. */
const ARCHIVE_NAME = /\.(?:zip|whl|egg|pyz|pyzw|jar)$/i;
/** Extensions of files runpy/importlib would run as Python source without looking suspicious. */
const PYTHON_SOURCE = /\.pyw?$/i;
const MAX_HOPS = 3;

/**
 * The string literals an expression is built from (`os.path.join(here, "lib.zip")` → ["lib.zip"],
 * f-string text with `{}` for its holes), following variables to what they were assigned.
 */
function stringFragments(
  ctx: FileContext,
  node: Node | null | undefined,
  hops = 0,
  seen = new Set<string>(),
): string[] {
  if (!node) return [];
  const out: string[] = [];
  const stack: Node[] = [node];
  let budget = 200;
  while (stack.length > 0 && budget-- > 0) {
    const current = stack.pop()!;
    if (current.type === 'string') {
      const value = stringValue(current, () => '{}');
      if (value) out.push(value);
      continue;
    }
    if (current.type === 'identifier' && hops < MAX_HOPS && !seen.has(current.text)) {
      seen.add(current.text);
      for (const value of ctx.facts.assigned.get(current.text) ?? []) {
        out.push(...stringFragments(ctx, value, hops + 1, seen));
      }
    }
    for (const child of current.namedChildren) if (child) stack.push(child);
  }
  return out;
}

const baseName = (text: string) => text.slice(Math.max(text.lastIndexOf('/'), text.lastIndexOf('\\')) + 1);

function namesArchive(ctx: FileContext, fragments: string[]): boolean {
  return fragments.some((text) => ARCHIVE_NAME.test(text) || ctx.archiveNames.has(baseName(text)));
}

/** Whether a dotted name is `sys.path` or a variable that was set to it (`p = sys.path`). */
function isSysPath(ctx: FileContext, name: string): boolean {
  if (name === 'sys.path') return true;
  return (ctx.facts.assigned.get(name) ?? []).some((value) => ctx.resolver.resolve(value) === 'sys.path');
}

const PATH_METHOD = /^(.+)\.(insert|append|extend)$/;

/** `sys.path.insert/append/extend`, `site.addsitedir`, `zipimport.zipimporter`, `runpy.run_path`… Returns whether it matched. */
export function checkHiddenCodeCall(ctx: FileContext, call: Node, callee: string): boolean {
  const args = positionalArgs(call);
  const method = PATH_METHOD.exec(callee);
  if (method && isSysPath(ctx, method[1]!)) {
    const added = method[2] === 'insert' ? args[1] : args[0];
    if (namesArchive(ctx, stringFragments(ctx, added))) report(ctx, RULES.archiveOnPath, call);
    return true;
  }
  if (callee === 'site.addsitedir') {
    if (namesArchive(ctx, stringFragments(ctx, args[0]))) report(ctx, RULES.archiveOnPath, call);
    return true;
  }
  if (callee === 'zipimport.zipimporter') {
    report(ctx, RULES.archiveOnPath, call);
    return true;
  }
  const runsFile =
    callee === 'runpy.run_path'
      ? args[0]
      : callee === 'importlib.util.spec_from_file_location' || callee === 'importlib.machinery.SourceFileLoader'
        ? args[1]
        : undefined;
  if (runsFile === undefined) return false;
  const fragments = stringFragments(ctx, runsFile);
  if (namesArchive(ctx, fragments)) report(ctx, RULES.archiveOnPath, call);
  // A literal file name with an extension that is not Python source: code hidden in a data file.
  else if (fragments.some((text) => /\.[A-Za-z0-9]{1,8}$/.test(text) && !PYTHON_SOURCE.test(text))) {
    report(ctx, RULES.execFileContents, call);
  }
  return true;
}

/** `sys.path += [...]`, `sys.path[:0] = [...]`, `sys.path = [...] + sys.path` naming an archive. */
export function checkPathWrite(ctx: FileContext, node: Node) {
  let left = node.childForFieldName('left');
  if (left?.type === 'subscript') left = left.childForFieldName('value');
  if (!left || !isSysPath(ctx, ctx.resolver.resolve(left))) return;
  if (namesArchive(ctx, stringFragments(ctx, node.childForFieldName('right')))) report(ctx, RULES.archiveOnPath, node);
}
