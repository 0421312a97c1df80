// When reports quarantine a pack's latest version (issue 30, item 5). Pure: the database side is
// quarantine-on-report.ts.

/** A pack first published less than this long ago is "new": one trusted report quarantines it. */
export const NEW_PACK_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Reports per reporter per rolling day that may count toward a quarantine. Later ones are still filed and
 * triaged, they just cannot take a pack offline: nobody, trusted or not, quarantines packs at will.
 */
export const QUARANTINE_REPORTS_PER_DAY = 3;
export const QUARANTINE_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The open, counting reports about the latest version (or the pack as a whole), one entry per reporter. */
export interface CountingReporter {
  userId: string;
  trusted: boolean;
}

export interface QuarantineFacts {
  /** When the pack's first version was published. */
  firstPublishedAt: Date;
  now: Date;
  reporters: readonly CountingReporter[];
}

export type QuarantineRule = 'trusted_report_new_pack' | 'two_reporters_one_trusted';

/**
 * Which rule, if any, quarantines: one trusted reporter on a pack first published under 24 h ago, or two
 * distinct reporters of whom at least one is trusted. Null: none applies (the reports just wait in triage).
 */
export function quarantineRule(facts: QuarantineFacts): QuarantineRule | null {
  const distinct = new Map(facts.reporters.map((reporter) => [reporter.userId, reporter]));
  const trusted = [...distinct.values()].some((reporter) => reporter.trusted);
  if (!trusted) return null;
  if (facts.now.getTime() - facts.firstPublishedAt.getTime() < NEW_PACK_WINDOW_MS) {
    return 'trusted_report_new_pack';
  }
  return distinct.size >= 2 ? 'two_reporters_one_trusted' : null;
}
