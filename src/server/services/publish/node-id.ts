// Node ids become folder names under custom_nodes/ and parts of URLs and storage keys: letters,
// digits, `.`, `_`, `-`, not starting or ending with punctuation (the upstream rule, kept).
const NODE_ID = /^[a-zA-Z0-9](?:[a-zA-Z0-9._-]*[a-zA-Z0-9])?$/;
export const MAX_NODE_ID_LENGTH = 100;

export function isValidNodeId(id: string): boolean {
  return id.length >= 1 && id.length <= MAX_NODE_ID_LENGTH && NODE_ID.test(id);
}
