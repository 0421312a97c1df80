import { finding, type Finding } from './finding.ts';
import { RULES } from './rules.ts';

// Rules about the archive's files themselves rather than their code.

export const WINDOWS_BINARY = /\.(?:exe|scr|msi|com|cpl|dll|sys|ocx)$/i;
export const NATIVE_LIBRARY = /\.(?:so(?:\.\d+)*|pyd|dylib)$/i;
const PACKAGE = /\.(?:whl|egg)$/i;
/** Extensions under which an executable is expected, so magic bytes there are not "disguised". */
const BINARY_EXTENSIONS = new RegExp(`${WINDOWS_BINARY.source}|${NATIVE_LIBRARY.source}|\\.(?:bin|node|o|a|lib)$`, 'i');

function isPortableExecutable(bytes: Uint8Array): boolean {
  if (bytes.length < 64 || bytes[0] !== 0x4d || bytes[1] !== 0x5a) return false;
  const offset = bytes[60]! | (bytes[61]! << 8) | (bytes[62]! << 16) | (bytes[63]! << 24);
  return offset > 0 && offset + 4 <= bytes.length && bytes[offset] === 0x50 && bytes[offset + 1] === 0x45;
}

export function executableKind(bytes: Uint8Array): string | null {
  if (isPortableExecutable(bytes)) return 'PE';
  if (bytes[0] === 0x7f && bytes[1] === 0x45 && bytes[2] === 0x4c && bytes[3] === 0x46) return 'ELF';
  const magic = bytes.length >= 4 ? ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0 : 0;
  if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe].includes(magic)) return 'Mach-O';
  return null;
}

export function scanArchiveFile(path: string, bytes: Uint8Array, allPaths: ReadonlySet<string>): Finding[] {
  const out: Finding[] = [];
  if (WINDOWS_BINARY.test(path)) out.push(finding(RULES.bundledExecutable, path, null, path));
  else if (NATIVE_LIBRARY.test(path)) out.push(finding(RULES.bundledNative, path, null, path));
  else if (PACKAGE.test(path)) out.push(finding(RULES.bundledPackage, path, null, path));
  if (/\.pyc$/i.test(path)) {
    // __pycache__/mod.cpython-311.pyc belongs to ../mod.py; a bare mod.pyc to mod.py beside it.
    const source = path.replace(/__pycache__\/([^/]+?)\.[^/.]+\.pyc$/i, '$1.py').replace(/\.pyc$/i, '.py');
    if (!allPaths.has(source)) out.push(finding(RULES.compiledWithoutSource, path, null, path));
  }
  if (!BINARY_EXTENSIONS.test(path)) {
    const kind = executableKind(bytes);
    if (kind) out.push(finding(RULES.disguisedBinary, path, null, path, `(${kind} file)`));
  }
  return out;
}
