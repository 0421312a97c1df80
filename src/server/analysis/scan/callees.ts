import type { Node } from 'web-tree-sitter';
import type { FileContext } from './file-context.ts';

// Callees several passes look at (the scan's rules and the capability summary), resolved through
// aliases first (resolve.ts), and the text of a call's arguments.

export const EXEC = new Set(['exec', 'eval', 'compile', 'builtins.exec', 'builtins.eval', 'builtins.compile']);
export const PROCESS = new Set([
  'subprocess.run',
  'subprocess.call',
  'subprocess.Popen',
  'subprocess.check_output',
  'subprocess.check_call',
  'subprocess.getoutput',
  'subprocess.getstatusoutput',
  'os.system',
  'os.popen',
  'os.posix_spawn',
  'os.posix_spawnp',
  'pty.spawn',
  'asyncio.create_subprocess_shell',
  'asyncio.create_subprocess_exec',
  'commands.getoutput',
]);
export const isProcess = (callee: string) => PROCESS.has(callee) || /^os\.(?:exec|spawn)[lvpe]*$/.test(callee);
export const PIP_MAINS = new Set(['pip.main', 'pip._internal.main', 'pip._internal.cli.main.main']);
export const IMPORTERS = new Set(['__import__', 'importlib.import_module', 'builtins.__import__']);

/** All string fragments inside a call's arguments (list elements, f-string parts, one variable hop). */
export function argumentText(ctx: FileContext, call: Node): string {
  const parts: string[] = [];
  const args = call.childForFieldName('arguments');
  const stack: Node[] = args ? [args] : [];
  let budget = 200;
  while (stack.length > 0 && budget-- > 0) {
    const node = stack.pop()!;
    if (node.type === 'string') parts.push(node.text.replace(/^[a-zA-Z]*['"]+|['"]+$/g, ''));
    else if (node.type === 'identifier') {
      for (const value of ctx.facts.assigned.get(node.text) ?? []) {
        if (value.type === 'string' || value.type === 'list' || value.type === 'concatenated_string') stack.push(value);
      }
    }
    for (const child of node.namedChildren) if (child && node.type !== 'string') stack.push(child);
  }
  return parts.join(' ');
}
