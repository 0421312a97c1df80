import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Clock } from '../clock.ts';
import type { ArchiveStorage } from './port.ts';
import { signStorageUrl } from './signing.ts';

/** Keys are our own (`{publisher}/{node}/{version}/node.zip`), but never trust them to stay inside root. */
function pathFor(root: string, key: string): string {
  const full = resolve(root, key);
  if (!full.startsWith(resolve(root) + sep)) throw new Error(`storage key escapes the root: ${key}`);
  return full;
}

/** The embedded store: files under a directory, uploads through HMAC-signed URLs of our API. */
export function createFsStorage(options: {
  root: string;
  apiPublicUrl: string;
  secret: string;
  clock: Clock;
}): ArchiveStorage {
  const { root, apiPublicUrl, secret, clock } = options;
  return {
    // Uploads arrive through our own signed /storage/objects route, which accepts them.
    directUploads: false,
    async createUploadUrl(key, { expiresInSeconds }) {
      const expiresAt = new Date(clock.now().getTime() + expiresInSeconds * 1000);
      return signStorageUrl({ baseUrl: apiPublicUrl, secret, method: 'PUT', key, expiresAt });
    },
    async downloadRedirectUrl() {
      return null;
    },
    async put(key, data) {
      const path = pathFor(root, key);
      await mkdir(dirname(path), { recursive: true });
      // Write then rename: a crash mid-write never leaves a truncated archive under the real name.
      const temp = `${path}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(temp, data);
      await rename(temp, path);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(pathFor(root, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async head(key) {
      try {
        return { size: (await stat(pathFor(root, key))).size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathFor(root, key), { force: true });
    },
  };
}

export const storageRoot = (dataDir: string) => join(dataDir, 'storage');
