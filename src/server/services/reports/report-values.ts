// The value lists behind the report types (for zod enums at the API edge).
export { REPORT_REASONS, REPORT_STATUSES } from '../../db/schema/index.ts';
