// A ref pattern is a full git ref where `*` stands for any run of characters (`/` included), e.g.
// `refs/tags/v*` or `refs/heads/release/*`. Nothing else is special: refs may contain `.`, `+`, `?`…

export const REF_PATTERN_SYNTAX = /^refs\/[\x21-\x7e]{1,250}$/;

export function isValidRefPattern(pattern: string): boolean {
  return REF_PATTERN_SYNTAX.test(pattern) && !pattern.includes('..');
}

export function refMatches(pattern: string, ref: string): boolean {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(ref);
}
