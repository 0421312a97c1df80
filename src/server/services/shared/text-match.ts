// LIKE/ILIKE patterns for "contains" and "starts with" filters, shared by every list that searches text
// (nodes, users, publishers, customers, versions, the audit log). The user's own `%`, `_` and `\` are
// escaped, so a search for "50%" finds that text instead of matching everything after "50".
// Backslash is PostgreSQL's default LIKE escape, so no ESCAPE clause is needed.

function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%`: the column contains the term. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}

/** `term%`: the column starts with the term. */
export function startsWithPattern(term: string): string {
  return `${escapeLike(term)}%`;
}
