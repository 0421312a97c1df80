import type { Query } from 'minisearch';
import type { QueryPlan, TermClause } from './planner.ts';

/** Which MiniSearch fields a clause scope covers (class-name search narrows both to the class field). */
export interface FieldSets {
  all: string[];
  names: string[];
}

/** Turns a plan into a MiniSearch query tree; null when nothing is left to search. */
export function toMiniSearchQuery(plan: QueryPlan, fields: FieldSets): Query | null {
  if (plan.groups.length === 0) return null;
  return {
    combineWith: plan.combineWith === 'and' ? 'AND' : 'OR',
    queries: plan.groups.map((group) => ({ combineWith: 'OR', queries: group.flatMap((c) => leaves(c, fields)) })),
  };
}

function leaves(clause: TermClause, fields: FieldSets): Query[] {
  const weight = clause.weight === 1 ? {} : { boostTerm: () => clause.weight };
  if (!clause.prefix) {
    return [{ ...weight, queries: [clause.term], fields: clause.scope === 'all' ? fields.all : fields.names }];
  }
  // Prefix matching only on names and class names: on descriptions it matches noise.
  const out: Query[] = [{ ...weight, queries: [clause.term], fields: fields.names, prefix: true }];
  const rest = clause.scope === 'all' ? fields.all.filter((f) => !fields.names.includes(f)) : [];
  if (rest.length > 0) out.push({ ...weight, queries: [clause.term], fields: rest });
  return out;
}
