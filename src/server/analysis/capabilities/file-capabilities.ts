import { executableKind, NATIVE_LIBRARY, WINDOWS_BINARY } from '../scan/file-rules.ts';
import type { CapabilityEvidence } from './capability.ts';

// Native code shipped in the archive: Python's sandbox-free import of a .so/.pyd, or an executable
// a process call can start. By name, and by magic bytes under any name.

export function fileCapabilities(path: string, bytes: Uint8Array): CapabilityEvidence[] {
  if (WINDOWS_BINARY.test(path) || NATIVE_LIBRARY.test(path) || executableKind(bytes)) {
    return [{ kind: 'native_binaries', file: path, line: null, snippet: path }];
  }
  return [];
}
