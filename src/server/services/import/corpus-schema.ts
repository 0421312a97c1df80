import { z } from 'zod';

// The corpus file: ComfyUI-Manager's public node list merged with its extension-node map and GitHub
// stats (shared/data/comfy-node-corpus.json is one). Validated record by record, so an error can
// say which record is wrong instead of "nodes.4211.github_stars".

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value?.trim() ?? '');

export const CorpusNodeSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100, 'must be at most 100 characters')
    // The id becomes a URL path segment (/nodes/{id}); a slash would make it unreachable.
    .refine((id) => !/[/\\?#]/.test(id), 'must not contain / \\ ? or #'),
  name: optionalText,
  author: optionalText,
  repository: optionalText,
  description: optionalText,
  tags: z
    .array(z.string())
    .nullish()
    .transform((tags) => [...new Set((tags ?? []).map((tag) => tag.trim()).filter(Boolean))]),
  github_stars: z.number().int().nonnegative().nullish(),
  last_update: z.string().nullish(),
  comfy_nodes: z
    .array(z.string())
    .nullish()
    .transform((names) => [...new Set((names ?? []).map((name) => name.trim()).filter(Boolean))]),
});

export type CorpusNode = z.output<typeof CorpusNodeSchema>;

export interface Corpus {
  source: string;
  nodes: CorpusNode[];
}

const EnvelopeSchema = z.object({
  source: z.string().optional(),
  nodes: z.array(z.unknown(), 'must be an array of node records'),
});

export class CorpusError extends Error {
  override name = 'CorpusError';
}

const MAX_REPORTED = 10;

function describeRecord(index: number, raw: unknown): string {
  const id = raw && typeof raw === 'object' && 'id' in raw ? (raw as { id: unknown }).id : undefined;
  return typeof id === 'string' ? `record ${index} (id "${id}")` : `record ${index}`;
}

/** Validates a parsed corpus; throws a CorpusError naming each bad record (index and id). */
export function parseCorpus(input: unknown): Corpus {
  const envelope = EnvelopeSchema.safeParse(input);
  if (!envelope.success) {
    const problems = envelope.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`);
    throw new CorpusError(`Not a node corpus: ${problems.join('; ')}. Expected {"source": "...", "nodes": [...]}.`);
  }
  const problems: string[] = [];
  const nodes: CorpusNode[] = [];
  const firstIndexOf = new Map<string, number>();
  envelope.data.nodes.forEach((raw, index) => {
    const parsed = CorpusNodeSchema.safeParse(raw);
    if (!parsed.success) {
      const detail = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(record)'}: ${issue.message}`);
      problems.push(`${describeRecord(index, raw)}: ${detail.join('; ')}`);
      return;
    }
    // Node ids are case-insensitive, so "Foo" and "foo" would be the same node.
    const key = parsed.data.id.toLowerCase();
    const first = firstIndexOf.get(key);
    if (first !== undefined) {
      problems.push(`${describeRecord(index, raw)}: duplicates the id of record ${first} (ids are case-insensitive)`);
      return;
    }
    firstIndexOf.set(key, index);
    nodes.push(parsed.data);
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, MAX_REPORTED).map((p) => `  - ${p}`);
    const more = problems.length > MAX_REPORTED ? [`  … and ${problems.length - MAX_REPORTED} more`] : [];
    throw new CorpusError(`The corpus has ${problems.length} invalid record(s):\n${[...shown, ...more].join('\n')}`);
  }
  return { source: envelope.data.source ?? 'unknown', nodes };
}
