/** The avatar letter: initial of the display name, else of the email, else "U" (spec §2). */
export function avatarInitial(user: { displayName: string | null; email: string | null }): string {
  const source = user.displayName?.trim() || user.email?.trim() || '';
  // Array.from keeps a surrogate pair (an emoji, a rare CJK character) whole.
  const first = Array.from(source)[0];
  return first ? first.toLocaleUpperCase() : 'U';
}

/** What the trigger shows next to the avatar: the display name, else the email. */
export function shownName(user: { displayName: string | null; email: string | null }): string {
  return user.displayName?.trim() || user.email || '';
}
