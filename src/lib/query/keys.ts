// Query keys of the API's reads: the document's path template and (some of) its parameters. Pure, so
// page code and tests can name a read without loading React.
import type { ApiParams, ApiPath } from '../api/client.ts';

export type ReadPath = ApiPath<'get'>;
export type ReadParams<Path extends ReadPath> = ApiParams<Path, 'get'>;

/** Some of a read's parameters: a key made of them matches every cached read that has those values. */
export type PartialParams<Path extends ReadPath> = {
  [Part in keyof ReadParams<Path>]?: Partial<ReadParams<Path>[Part]>;
};

/** A cached read: the path template and (some of) its parameters. */
export type ApiQueryKey = readonly [ReadPath, object];

/**
 * The key of `GET path` with `params`. TanStack matches keys by their leading part and objects by the
 * fields they name, so `apiKey('/publishers/{publisherId}/tokens', { path: { publisherId } })` covers
 * that publisher's token list whatever its query.
 */
export function apiKey<Path extends ReadPath>(path: Path, params?: PartialParams<Path>): ApiQueryKey {
  return [path, params ?? {}] as const;
}
