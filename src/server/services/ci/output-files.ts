export interface OutputFile {
  filePath: string;
  publicUrl: string;
}

const GCS_PUBLIC = 'https://storage.googleapis.com';

/** A GCS object path as a public URL: `gs://b/o` and `b` + `o` both become https://storage.googleapis.com/b/o. */
function publicUrlFor(path: string, bucket: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('gs://')) return `${GCS_PUBLIC}/${path.slice('gs://'.length)}`;
  const object = path.replace(/^\/+/, '');
  return bucket ? `${GCS_PUBLIC}/${bucket.replace(/^gs:\/\//, '').replace(/\/+$/, '')}/${object}` : object;
}

/**
 * The uploader sends outputs as one comma-separated string (`gs://b/out1.png, gs://b/out2.png`);
 * blanks are dropped and the order is kept.
 */
export function parseOutputFiles(paths: string | undefined, bucket: string | undefined): OutputFile[] {
  if (!paths) return [];
  return paths
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .map((filePath) => ({ filePath, publicUrl: publicUrlFor(filePath, bucket?.trim() ?? '') }));
}
