// Node ids become folder names under custom_nodes/ and parts of URLs and storage keys: letters,
// digits, `.`, `_`, `-`, not starting or ending with punctuation (the upstream rule, kept).
const NODE_ID = /^[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$/;
export const MAX_NODE_ID_LENGTH = 100;

export function isValidNodeId(id: string): boolean {
  return id.length >= 1 && id.length <= MAX_NODE_ID_LENGTH && NODE_ID.test(id);
}

/**
 * The id's "confusable key": lower case, every run of `-`, `_` and `.` as one `-` (PyPI's rule for
 * package names, PEP 503). `sec-pack`, `sec_pack`, `sec.pack`, `sec--pack` and `SEC-PACK` share
 * one key, and pip, Manager and people treat them as one name; so ids sharing a key are one pack
 * and no second node may take another spelling, not even its own publisher's (a second pack with
 * a confusable id is how a look-alike slips in). The database keeps it too: the unique index
 * `nodes_id_key_key` over the same expression (NODE_ID_KEY_SQL in db/schema/nodes.ts).
 */
export function nodeIdKey(id: string): string {
  return id.toLowerCase().replace(/[-_.]+/g, '-');
}
