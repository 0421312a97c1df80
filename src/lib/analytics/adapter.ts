// What every analytics provider offers (the console, PostHog): the spec's calls, nothing more.

export interface AnalyticsIdentity {
  uid: string;
  email: string | null;
  name: string | null;
}

export type ProfileFields = Record<string, string | number | boolean | null>;

export interface AnalyticsAdapter {
  identify(identity: AnalyticsIdentity): void;
  track(event: string, properties?: Record<string, unknown>): void;
  /** Sets fields of the identified user's profile. */
  setProfile(fields: ProfileFields): void;
  reset(): void;
  /** Resolves when the calls made so far have been handed to the provider (a lazily loaded one). */
  settled?(): Promise<void>;
}
