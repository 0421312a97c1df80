/** Expiry choices offered when creating a token (days; null = never). The API allows 1–365. */
export const EXPIRY_CHOICES = [null, 7, 30, 90, 365] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

/** The POST /publishers/{id}/tokens body. */
export function tokenCreateBody(input: { name: string; description: string; expiresInDays: ExpiryChoice }) {
  return {
    name: input.name.trim(),
    ...(input.description.trim() ? { description: input.description.trim() } : {}),
    ...(input.expiresInDays ? { expires_in_days: input.expiresInDays } : {}),
  };
}

/** Whether a token's expiry has passed (tokens without one never expire). */
export function isExpired(expiresAt: string | undefined, now: Date): boolean {
  return expiresAt !== undefined && new Date(expiresAt).getTime() <= now.getTime();
}
