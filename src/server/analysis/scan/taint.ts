import type { Node } from 'web-tree-sitter';
import type { PythonFacts } from './python-facts.ts';
import type { NameResolver } from './resolve.ts';

// "Does this expression carry data from X?" — X being a decoder or the network. Looks at the
// expression's own calls and, through variables, at what those variables were assigned anywhere
// in the file (a few hops). Per file, not per scope: a payload split across two functions of one
// file is still seen; cross-file flow is not tracked.

export type CalleeTest = (callee: string, call: Node) => boolean;

const MAX_HOPS = 3;

export function carries(
  node: Node | null,
  test: CalleeTest,
  context: { facts: PythonFacts; resolver: NameResolver },
  hops = 0,
  seen = new Set<string>(),
): boolean {
  if (!node) return false;
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'call' && test(context.resolver.callee(current), current)) return true;
    if (current.type === 'identifier' && hops < MAX_HOPS && !seen.has(current.text)) {
      seen.add(current.text);
      for (const value of context.facts.assigned.get(current.text) ?? []) {
        if (carries(value, test, context, hops + 1, seen)) return true;
      }
    }
    for (const child of current.namedChildren) if (child) stack.push(child);
  }
  return false;
}

const DECODERS = new Set([
  'base64.b64decode',
  'base64.b32decode',
  'base64.b16decode',
  'base64.b85decode',
  'base64.a85decode',
  'base64.decodebytes',
  'base64.decodestring',
  'base64.standard_b64decode',
  'base64.urlsafe_b64decode',
  'zlib.decompress',
  'gzip.decompress',
  'bz2.decompress',
  'lzma.decompress',
  'marshal.loads',
  'codecs.decode',
  'bytes.fromhex',
  'bytearray.fromhex',
  'binascii.unhexlify',
  'binascii.a2b_hex',
  'binascii.a2b_base64',
  'chr',
]);

export const isDecoder: CalleeTest = (callee) =>
  DECODERS.has(callee) || /\.(?:b64decode|b32decode|b85decode|decompress|unhexlify|fromhex)$/.test(callee);

const NETWORK_PREFIXES = ['requests.', 'httpx.', 'aiohttp.', 'urllib.request.', 'urllib2.', 'urllib3.', 'http.client.'];

export const isNetwork: CalleeTest = (callee) =>
  NETWORK_PREFIXES.some((prefix) => callee.startsWith(prefix)) ||
  callee === 'urllib.urlopen' ||
  callee === 'socket.socket' ||
  callee === 'socket.create_connection' ||
  /\.(?:recv|recvfrom|urlopen|read_bytes_from_url)$/.test(callee);

/** Calls that hand back a file's contents (a payload kept in a .txt next to the code). */
const FILE_READERS = new Set([
  'open',
  'io.open',
  'builtins.open',
  'codecs.open',
  'io.FileIO',
  'os.read',
  'pkgutil.get_data',
  'importlib.resources.read_text',
  'importlib.resources.read_binary',
  'importlib_resources.read_text',
  'importlib_resources.read_binary',
  'pkg_resources.resource_string',
  'pkg_resources.resource_stream',
  'linecache.getline',
  'linecache.getlines',
]);

export const isFileRead: CalleeTest = (callee) =>
  FILE_READERS.has(callee) || /\.(?:read|readlines|read_text|read_bytes|get_data|resource_string)$/.test(callee);
