/** Where archives live. The filesystem adapter is the embedded default; S3 is for production. */
export interface ArchiveStorage {
  /**
   * True when clients PUT uploads straight to the store and the API never sees them (S3). Such
   * uploads are accepted by the `archive.await_upload` job (services/archives/await-upload.ts),
   * queued at publish; otherwise the API's upload route accepts them as they arrive.
   */
  readonly directUploads: boolean;
  /** A short-lived URL the client PUTs the object to, bound to this key. */
  createUploadUrl(key: string, options: { expiresInSeconds: number; contentType: string }): Promise<string>;
  /**
   * Where to send a client that downloads the object: a presigned URL of a remote store, or null
   * when the API should stream the bytes itself (filesystem store).
   */
  downloadRedirectUrl(key: string): Promise<string | null>;
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Uint8Array | null>;
  /** The object's size without reading it, or null when there is no such object. */
  head(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
}
