/**
 * Whether what the user typed confirms a destructive action: the exact phrase (a publisher id, or
 * `publisher/node`), ignoring surrounding spaces only. Case matters, as on GitHub, so the phrase is
 * read rather than guessed.
 */
export function confirms(typed: string, phrase: string): boolean {
  return phrase.length > 0 && typed.trim() === phrase;
}

/** The phrase that confirms deleting a node. */
export const nodeDeletePhrase = (publisherId: string, nodeId: string) => `${publisherId}/${nodeId}`;
