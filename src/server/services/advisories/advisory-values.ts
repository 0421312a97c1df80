// The words an advisory's fields take, for the routes' request schemas (routes do not import db/schema).
export {
  ADVISORY_ECOSYSTEMS,
  ADVISORY_KINDS,
  ADVISORY_SEVERITIES,
  type AdvisoryEcosystem,
  type AdvisoryKind,
  type AdvisorySeverity,
} from '../../db/schema/advisories.ts';
