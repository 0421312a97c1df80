import type { Node, Tree } from 'web-tree-sitter';
import { isBareStringStatement, isFString, stringValue } from '../python/strings.ts';

// Everything the Python rules look at, collected in ONE walk of the tree (re-walking subtrees per
// rule was the slow part of the prototype): imports and their aliases, calls, string literals and
// the right-hand sides of simple assignments (for one-step "this variable holds decoded data").

export interface PythonFacts {
  /** Local name → dotted module path (`sp` → `subprocess`, `system` → `os.system`). */
  aliases: Map<string, string>;
  importedModules: { module: string; node: Node }[];
  calls: Node[];
  /** Non-docstring string literals with their value. */
  strings: { node: Node; value: string }[];
  /** name → right-hand sides assigned to it anywhere in the file. */
  assigned: Map<string, Node[]>;
  execStatements: Node[];
  /** Assignments to an attribute called `path` or an item of one (`sys.path += [...]`, `sys.path[:0] = …`). */
  pathWrites: Node[];
}

function dottedName(node: Node | null): string {
  return node ? node.text.replace(/\s+/g, '') : '';
}

function addImport(facts: PythonFacts, node: Node) {
  if (node.type === 'import_statement') {
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'dotted_name') {
        const module = dottedName(child);
        facts.importedModules.push({ module, node });
        const head = module.split('.')[0]!;
        facts.aliases.set(head, head);
      } else if (child.type === 'aliased_import') {
        const module = dottedName(child.childForFieldName('name'));
        facts.importedModules.push({ module, node });
        const alias = child.childForFieldName('alias')?.text;
        if (alias) facts.aliases.set(alias, module);
      }
    }
    return;
  }
  // import_from_statement
  const module = dottedName(node.childForFieldName('module_name'));
  facts.importedModules.push({ module, node });
  for (const child of node.childrenForFieldName('name')) {
    if (!child) continue;
    if (child.type === 'dotted_name') facts.aliases.set(child.text, `${module}.${child.text}`);
    else if (child.type === 'aliased_import') {
      const name = dottedName(child.childForFieldName('name'));
      const alias = child.childForFieldName('alias')?.text;
      if (alias) facts.aliases.set(alias, `${module}.${name}`);
    }
  }
}

/** `x.path = …`, `x.path[…] = …` (cheap: only the attribute's own name is read, not the whole text). */
function writesPath(left: Node | null): boolean {
  const target = left?.type === 'subscript' ? left.childForFieldName('value') : left;
  return target?.type === 'attribute' && target.childForFieldName('attribute')?.text === 'path';
}

function addAssignment(facts: PythonFacts, node: Node) {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right) return;
  if (left.type !== 'identifier') {
    if (writesPath(left)) facts.pathWrites.push(node);
    return;
  }
  const list = facts.assigned.get(left.text) ?? [];
  list.push(right);
  facts.assigned.set(left.text, list);
}

export function collectFacts(tree: Tree): PythonFacts {
  const facts: PythonFacts = {
    aliases: new Map(),
    importedModules: [],
    calls: [],
    strings: [],
    assigned: new Map(),
    execStatements: [],
    pathWrites: [],
  };
  const cursor = tree.walk();
  try {
    for (;;) {
      const type = cursor.nodeType;
      let descend = true;
      if (type === 'call') facts.calls.push(cursor.currentNode);
      else if (type === 'string') {
        const node = cursor.currentNode;
        if (!isBareStringStatement(node)) {
          const value = stringValue(node, (part) => `{${part.text}}`);
          if (value) facts.strings.push({ node, value });
        }
        // Only f-strings hold code (their interpolations) worth walking into.
        descend = isFString(node);
      } else if (type === 'import_statement' || type === 'import_from_statement') {
        addImport(facts, cursor.currentNode);
        descend = false;
      } else if (type === 'assignment') addAssignment(facts, cursor.currentNode);
      else if (type === 'augmented_assignment') {
        const node = cursor.currentNode;
        if (writesPath(node.childForFieldName('left'))) facts.pathWrites.push(node);
      } else if (type === 'exec_statement') facts.execStatements.push(cursor.currentNode);
      else if (type === 'comment') descend = false;
      if (descend && cursor.gotoFirstChild()) continue;
      while (!cursor.gotoNextSibling()) {
        if (!cursor.gotoParent()) return facts;
      }
    }
  } finally {
    cursor.delete();
  }
}
