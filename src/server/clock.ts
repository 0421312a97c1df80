/** Time as a port, so tests can pin "now" (token expiry, signed URLs, daily download buckets). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
