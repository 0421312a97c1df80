/** Why a pack can be reported (the API's enum, routes/reports/schemas.ts); each has its words in packReport.reasons. */
export const REPORT_REASONS = ['malware', 'broken', 'spam', 'license', 'other'] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];
