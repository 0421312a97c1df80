import { createRequire } from 'node:module';
import { Language, Parser, type Tree } from 'web-tree-sitter';

// One tree-sitter parser per process: loading the wasm runtime and grammar costs ~25 ms, and the
// parser is reusable (parse() is synchronous, so calls never interleave). Trees live in wasm
// memory, which the JS garbage collector does not see: every caller must `tree.delete()`.

let ready: Promise<Parser> | null = null;

async function load(): Promise<Parser> {
  await Parser.init();
  const wasm = createRequire(import.meta.url).resolve('tree-sitter-python/tree-sitter-python.wasm');
  const language = await Language.load(wasm);
  const parser = new Parser();
  parser.setLanguage(language);
  return parser;
}

export function pythonParser(): Promise<Parser> {
  ready ??= load().catch((error: unknown) => {
    ready = null;
    throw error;
  });
  return ready;
}

/**
 * Parses Python source. `deadline` (epoch ms) cancels a parse that runs past it (a hostile file
 * crafted to be slow): null is returned then.
 */
export async function parsePython(source: string, deadline = Infinity): Promise<Tree | null> {
  return parseWith(await pythonParser(), source, deadline);
}

/** The synchronous form, for code that already holds the parser (the extractor parses mid-evaluation). */
export function parseWith(parser: Parser, source: string, deadline = Infinity): Tree | null {
  // The progress callback crosses from wasm into JS very often, which made parsing ~5× slower;
  // so it is only installed for big files (where a slow parse could eat the budget), and it
  // reads the clock only every 64th call.
  let calls = 0;
  const options =
    Number.isFinite(deadline) && source.length > 256 * 1024
      ? { progressCallback: () => (++calls & 63) === 0 && Date.now() > deadline }
      : undefined;
  if (Date.now() > deadline) return null;
  const tree = parser.parse(source, null, options);
  parser.reset();
  return tree;
}
