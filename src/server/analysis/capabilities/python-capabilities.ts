import type { Node, Tree } from 'web-tree-sitter';
import { argumentText, EXEC, IMPORTERS, isProcess, PIP_MAINS } from '../scan/callees.ts';
import type { FileContext } from '../scan/file-context.ts';
import { trimSnippet } from '../scan/finding.ts';
import { CREDENTIAL_PATH } from '../scan/patterns.ts';
import { keywordArg, literalString, positionalArgs } from '../scan/resolve.ts';
import { isNetwork } from '../scan/taint.ts';
import type { CapabilityEvidence, CapabilityKind } from './capability.ts';

// The capabilities one Python file shows, from the facts the scan already collected (one walk of
// the tree; names resolved through aliases, __import__ and getattr like the rules). Heuristic and
// per file, like the rules: the point is a reviewer's "look here", not a proof.

const EXTRA_NETWORK =
  /^(?:socket|ftplib|smtplib|telnetlib|websocket|websockets|paramiko|pycurl)\.|^(?:huggingface_hub\.(?:hf_hub_download|snapshot_download)|torch\.hub\.(?:download_url_to_file|load_state_dict_from_url|load)|urllib\.urlretrieve|urllib\.request\.urlretrieve|wget\.download|gdown\.download)$/;
/** aiohttp's server half (json_response, Response) answers requests; it is not the pack reaching out. */
const isClientNetwork = (callee: string, call: Node) =>
  !callee.startsWith('aiohttp.web') && (isNetwork(callee, call) || EXTRA_NETWORK.test(callee));

const UV_INSTALL = /\buv\b/;
const UV_VERB = /\b(?:pip\s+install|add|sync|pip\s+sync)\b/;
const isPipInstall = (text: string) =>
  (/\bpip3?\b/.test(text) && /\binstall\b/.test(text)) || (UV_INSTALL.test(text) && UV_VERB.test(text));

/** Registering a handler on ComfyUI's aiohttp server: `@PromptServer.instance.routes.post(…)`, `app.router.add_get`. */
const ROUTE_DECORATOR = /(?:^|\.)routes\.(?:get|post|put|delete|patch|head|options|route|view)$/;
const ROUTER_ADD = /(?:^|\.)(?:router|routes)\.add_(?:get|post|put|delete|patch|head|route|routes|static|view)$/;
const servesHttp = (ctx: FileContext) =>
  ctx.facts.importedModules.some(({ module }) => /^(?:server|aiohttp)(?:\.|$)/.test(module));

const ENV_CALLS = new Set([
  'os.getenv',
  'os.getenvb',
  'os.environ.get',
  'os.environ.copy',
  'os.environ.items',
  'os.environ.setdefault',
  'os.environ.pop',
  'keyring.get_password',
  'keyring.get_credential',
  'dotenv.load_dotenv',
  'dotenv.dotenv_values',
  'getpass.getuser',
]);

const OPENERS = new Set(['open', 'io.open', 'builtins.open', 'codecs.open']);
const WRITERS =
  /^(?:shutil\.(?:copy|copy2|copyfile|copytree|move)|os\.(?:makedirs|mkdir|rename|replace|remove|unlink|rmdir|symlink|link)|shutil\.rmtree)$/;
const PATH_WRITERS = /\.(?:write_text|write_bytes|mkdir|touch|unlink|rename|replace|symlink_to)$/;
/** A path that leaves the pack's folder: the user's home, system and interpreter folders, temp, `..`. */
const OUTSIDE =
  /expanduser|Path\.home|\bhome\(\)|(?:^|['"])~[/\\]|APPDATA|LOCALAPPDATA|USERPROFILE|\bHOME\b|XDG_|sys\.(?:base_)?prefix|sys\.exec_prefix|site-packages|getsitepackages|getusersitepackages|sysconfig|gettempdir|(?:^|['"])\/(?:tmp|etc|usr|var|opt|root|home|Users|Library|bin|sbin)\b|(?:^|['"])[A-Za-z]:[\\/]|\.\.[\\/]/;

/** The text of an expression and, one hop, of what the names in it were assigned. */
function expressionText(ctx: FileContext, node: Node | null): string {
  if (!node) return '';
  const parts = [node.text];
  const stack: Node[] = [node];
  let budget = 200;
  while (stack.length > 0 && budget-- > 0) {
    const current = stack.pop()!;
    if (current.type === 'identifier') {
      for (const value of ctx.facts.assigned.get(current.text) ?? []) parts.push(value.text);
    }
    for (const child of current.namedChildren) if (child) stack.push(child);
  }
  return parts.join(' ');
}

function writeMode(call: Node): boolean {
  const mode = keywordArg(call, 'mode') ?? positionalArgs(call)[1] ?? null;
  const text = literalString(mode);
  return text !== null && /[wax+]/.test(text);
}

function writesOutside(ctx: FileContext, call: Node, callee: string): boolean {
  if (OPENERS.has(callee)) return writeMode(call) && OUTSIDE.test(expressionText(ctx, positionalArgs(call)[0] ?? null));
  if (WRITERS.test(callee)) {
    // copy/move write to their second argument; the others to their first.
    const args = positionalArgs(call);
    const target = /copy|move|rename|replace|link/.test(callee) ? (args[1] ?? null) : (args[0] ?? null);
    return OUTSIDE.test(expressionText(ctx, target));
  }
  const fn = call.childForFieldName('function');
  if (fn?.type === 'attribute' && PATH_WRITERS.test(`.${fn.childForFieldName('attribute')?.text ?? ''}`)) {
    return OUTSIDE.test(expressionText(ctx, fn.childForFieldName('object')));
  }
  return false;
}

function callKinds(ctx: FileContext, call: Node): CapabilityKind[] {
  const callee = ctx.resolver.callee(call);
  const kinds: CapabilityKind[] = [];
  if (isClientNetwork(callee, call)) kinds.push('network');
  if (isProcess(callee)) {
    kinds.push('subprocess');
    if (isPipInstall(argumentText(ctx, call))) kinds.push('runtime_install');
  }
  if (PIP_MAINS.has(callee)) kinds.push('runtime_install');
  const first = positionalArgs(call)[0] ?? null;
  if (
    EXEC.has(callee) &&
    (first ?? keywordArg(call, 'source')) &&
    literalString(first ?? keywordArg(call, 'source')) === null
  ) {
    kinds.push('dynamic_code');
  }
  if (IMPORTERS.has(callee) && first && literalString(first) === null) kinds.push('dynamic_code');
  if ((ROUTE_DECORATOR.test(callee) || ROUTER_ADD.test(callee)) && servesHttp(ctx)) kinds.push('http_routes');
  if (ENV_CALLS.has(callee)) kinds.push('env_reads');
  if (writesOutside(ctx, call, callee)) kinds.push('file_writes_outside');
  return kinds;
}

export function pythonCapabilities(ctx: FileContext, tree: Tree): CapabilityEvidence[] {
  const out: CapabilityEvidence[] = [];
  const at = (kind: CapabilityKind, node: Node) => {
    const row = node.startPosition.row;
    out.push({ kind, file: ctx.file, line: row + 1, snippet: trimSnippet(ctx.lines[row] ?? node.text) });
  };
  for (const call of ctx.facts.calls) for (const kind of callKinds(ctx, call)) at(kind, call);
  for (const statement of ctx.facts.execStatements) {
    if (literalString(statement.childForFieldName('code')) === null) at('dynamic_code', statement);
  }
  // `os.environ["TOKEN"]` is a subscript, not a call.
  for (const node of tree.rootNode.descendantsOfType('subscript')) {
    if (node && ctx.resolver.resolve(node.childForFieldName('value')) === 'os.environ') at('env_reads', node);
  }
  // A credential store's path is read, whatever call opens it.
  for (const { node, value } of ctx.facts.strings) if (CREDENTIAL_PATH.test(value)) at('env_reads', node);
  return out;
}
