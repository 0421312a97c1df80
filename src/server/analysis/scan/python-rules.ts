import type { Node, Tree } from 'web-tree-sitter';
import { report, type FileContext } from './file-context.ts';
import type { Finding } from './finding.ts';
import { checkHiddenCodeCall, checkPathWrite } from './hidden-code.ts';
import {
  CREDENTIAL_PATH,
  EXFIL_ENDPOINT,
  isEncodedBlob,
  isExecutableUrlPath,
  isWheelUrlPath,
  NETWORK_TOOL,
  PIPED_EXEC,
  REMOTE_PIP_SOURCE,
  urlPaths,
} from './patterns.ts';
import type { CapabilityEvidence } from '../capabilities/capability.ts';
import { pythonCapabilities } from '../capabilities/python-capabilities.ts';
import { collectFacts } from './python-facts.ts';
import { keywordArg, literalString, NameResolver, positionalArgs } from './resolve.ts';
import { RULES } from './rules.ts';
import { argumentText, EXEC, IMPORTERS, isProcess, PIP_MAINS, PROCESS } from './callees.ts';
import { carries, isDecoder, isFileRead, isNetwork } from './taint.ts';

const PICKLE_LOADERS = new Set([
  'pickle.loads',
  'pickle.load',
  '_pickle.loads',
  'cPickle.loads',
  'dill.loads',
  'dill.load',
  'cloudpickle.loads',
  'cloudpickle.load',
  'joblib.load',
  'torch.load',
  'numpy.load',
  'pandas.read_pickle',
]);
const CODE_OBJECTS = new Set(['marshal.loads', 'types.CodeType', 'types.FunctionType']);
const CREDENTIAL_LIBRARIES = new Set(['browser_cookie3', 'win32crypt', 'pycookiecheat', 'browser_history']);
/** Callees of hidden-code.ts (sys.path changes, zipimport, running a file). */
const HIDDEN_CODE_CALLS = [
  'site.addsitedir',
  'zipimport.zipimporter',
  'runpy.run_path',
  'importlib.util.spec_from_file_location',
  'importlib.machinery.SourceFileLoader',
];

function checkExec(ctx: FileContext, call: Node, payload: Node | null) {
  if (!payload) return;
  if (carries(payload, isDecoder, ctx)) report(ctx, RULES.obfuscatedExec, call);
  else if (carries(payload, isNetwork, ctx)) report(ctx, RULES.remoteExec, call);
  else if (carries(payload, isFileRead, ctx)) report(ctx, RULES.execFileContents, call);
  else if (literalString(payload) === null) report(ctx, RULES.dynamicExec, call);
}

function checkProcess(ctx: FileContext, call: Node) {
  const text = argumentText(ctx, call);
  if (/\bpip3?\b/.test(text) && /\binstall\b/.test(text)) {
    report(ctx, REMOTE_PIP_SOURCE.test(text) ? RULES.pipInstallRemote : RULES.pipInstall, call);
  }
  if (NETWORK_TOOL.test(text))
    report(ctx, PIPED_EXEC.test(text) ? RULES.shellDownloadPiped : RULES.shellDownload, call);
}

/** Last segments of every callee some rule looks at; other calls are skipped before any work. */
const INTERESTING_TAIL = new Set(
  [
    ...EXEC,
    ...PROCESS,
    ...PIP_MAINS,
    ...PICKLE_LOADERS,
    ...CODE_OBJECTS,
    ...IMPORTERS,
    ...HIDDEN_CODE_CALLS,
    'getattr',
  ].map((name) => name.split('.').at(-1)!),
);
/** List methods are everywhere: only worth resolving on something that may be sys.path. */
const LIST_METHODS = new Set(['insert', 'append', 'extend']);

function checkCall(ctx: FileContext, call: Node) {
  const fn = call.childForFieldName('function');
  const tail =
    fn?.type === 'attribute' ? fn.childForFieldName('attribute')?.text : fn?.type === 'identifier' ? fn.text : null;
  // Most calls are of nothing any rule cares about: skip them before resolving anything. Names
  // that are aliases or assigned (`from os import system as run`, `s = getattr(os, 'system')`)
  // and computed callees (`getattr(...)(...)`, tail null) always go through.
  const skip =
    tail &&
    !INTERESTING_TAIL.has(tail) &&
    !LIST_METHODS.has(tail) &&
    !/^(?:exec|spawn)/.test(tail) &&
    !ctx.facts.aliases.has(tail) &&
    !ctx.facts.assigned.has(tail);
  if (skip) return;
  if (tail && LIST_METHODS.has(tail)) {
    const object = fn?.childForFieldName('object');
    const text = object?.text ?? '';
    if (!text.includes('path') && !ctx.facts.aliases.has(text) && !ctx.facts.assigned.has(text)) return;
  }
  const callee = ctx.resolver.callee(call);
  if (checkHiddenCodeCall(ctx, call, callee)) return;
  const args = positionalArgs(call);
  if (EXEC.has(callee)) return checkExec(ctx, call, args[0] ?? keywordArg(call, 'source'));
  if (isProcess(callee)) return checkProcess(ctx, call);
  if (PIP_MAINS.has(callee)) {
    const text = argumentText(ctx, call);
    return report(ctx, REMOTE_PIP_SOURCE.test(text) ? RULES.pipInstallRemote : RULES.pipInstall, call);
  }
  if (CODE_OBJECTS.has(callee)) report(ctx, RULES.codeObject, call);
  if (PICKLE_LOADERS.has(callee)) {
    const safe = callee === 'torch.load' && keywordArg(call, 'weights_only')?.text === 'True';
    if (!safe && carries(args[0] ?? null, isNetwork, ctx)) report(ctx, RULES.pickleRemote, call);
  }
  if (IMPORTERS.has(callee) && args[0] && literalString(args[0]) === null && carries(args[0], isDecoder, ctx)) {
    report(ctx, RULES.obfuscatedImport, call);
  }
  if (callee === 'getattr' && /^(?:__builtins__|builtins)$/.test(ctx.resolver.resolve(args[0] ?? null))) {
    if (literalString(args[1]) === null) report(ctx, RULES.obfuscatedImport, call);
  }
}

function checkString(ctx: FileContext, node: Node, value: string) {
  if (CREDENTIAL_PATH.test(value)) report(ctx, RULES.credentialPath, node);
  if (EXFIL_ENDPOINT.test(value)) report(ctx, RULES.exfilEndpoint, node);
  for (const path of urlPaths(value)) {
    if (isExecutableUrlPath(path)) report(ctx, RULES.executableUrl, node);
    else if (isWheelUrlPath(path)) report(ctx, RULES.wheelUrl, node);
  }
  if (isEncodedBlob(value)) report(ctx, RULES.encodedBlob, node, `(${value.length} characters)`);
}

function firstErrorLine(tree: Tree): Node | null {
  const cursor = tree.walk();
  try {
    for (;;) {
      const node = cursor.currentNode;
      if (node.type === 'ERROR' || node.isMissing) return node;
      if (node.hasError && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) if (!cursor.gotoParent()) return null;
    }
  } finally {
    cursor.delete();
  }
}

/** Applies every Python rule to one parsed file. One finding per rule and line. */
export function scanPythonTree(
  file: string,
  source: string,
  tree: Tree,
  archiveNames: ReadonlySet<string> = new Set(),
  /** Where the file's capabilities go (capabilities/), from the same facts: no second walk for calls. */
  capabilities?: CapabilityEvidence[],
): Finding[] {
  const facts = collectFacts(tree);
  const ctx: FileContext = {
    file,
    lines: source.split('\n'),
    facts,
    resolver: new NameResolver(facts),
    archiveNames,
    out: [],
  };
  for (const { module, node } of facts.importedModules) {
    if (CREDENTIAL_LIBRARIES.has(module.split('.')[0]!)) report(ctx, RULES.credentialLibrary, node);
  }
  for (const call of facts.calls) checkCall(ctx, call);
  for (const statement of facts.execStatements) checkExec(ctx, statement, statement.childForFieldName('code'));
  for (const write of facts.pathWrites) checkPathWrite(ctx, write);
  for (const { node, value } of facts.strings) checkString(ctx, node, value);
  capabilities?.push(...pythonCapabilities(ctx, tree));
  if (tree.rootNode.hasError) {
    const at = firstErrorLine(tree) ?? tree.rootNode;
    report(ctx, RULES.unparseable, at);
  }
  const seen = new Set<string>();
  return ctx.out.filter((f) => {
    const key = `${f.ruleId}:${f.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
