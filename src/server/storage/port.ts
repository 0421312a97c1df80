/** Where archives live. The filesystem adapter is the embedded default; S3 is for production. */
export interface ArchiveStorage {
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
  delete(key: string): Promise<void>;
}
