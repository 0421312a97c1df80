import { z } from '@hono/zod-openapi';
import { IconImagesSchema } from '../image-schemas.ts';
import { NodeListSchema } from '../schemas.ts';

// Response shapes of the search routes: the contract's list envelope plus our extras (facets,
// highlights, suggestions), which old clients ignore.

const CountsSchema = z.record(z.string(), z.number().int()).openapi({
  description: 'Value → number of matching nodes, most frequent first.',
});

const UndeclaredSchema = z
  .object({ os: z.number().int(), accelerators: z.number().int(), tags: z.number().int() })
  .openapi({
    description:
      "Per facet: matches (under the other facets' filters) that declare no value of it, so appear in none " +
      'of its counts. Most imported packs declare no platform: "Linux 5" may sit beside thousands of results.',
  });

export const SearchFacetsSchema = z
  .object({ os: CountsSchema, accelerators: CountsSchema, tags: CountsSchema, undeclared: UndeclaredSchema })
  .openapi('NodeSearchFacets', {
    description:
      'Counted over all matches before paging. Each facet ignores its own filter (so a ticked OS still ' +
      'shows the counts of the others) and applies the others.',
  });

export const SearchHighlightSchema = z
  .object({
    terms: z.array(z.string()).openapi({ description: 'Indexed (lower-case) words that matched.' }),
    classNames: z.array(z.string()).openapi({ description: 'Node class names that matched (at most 5).' }),
  })
  .openapi('NodeSearchHighlight');

export const NodeSearchResultSchema = NodeListSchema.extend({
  core_class: z
    .string()
    .optional()
    .openapi({
      description:
        'Present when the search text is the name of a node class built into ComfyUI (case-insensitive): that ' +
        'class needs no pack, whatever packs the results list (they mention or extend it).',
      example: 'KSampler',
    }),
  facets: SearchFacetsSchema,
  highlights: z.record(z.string(), SearchHighlightSchema).openapi({
    description: 'Per node id of this page: what matched, for highlighting.',
  }),
  icon_images: IconImagesSchema,
}).openapi('NodeSearchResult');

export const NodeSuggestionSchema = z
  .object({
    text: z.string(),
    kind: z.enum(['node', 'class', 'query']).openapi({
      description: '`node`: a pack name; `class`: a node class name; `query`: a popular search.',
    }),
    nodeId: z.string().optional().openapi({ description: 'For `node` suggestions: the node to open.' }),
  })
  .openapi('NodeSuggestion');

export const NodeSuggestionsSchema = z
  .object({ suggestions: z.array(NodeSuggestionSchema) })
  .openapi('NodeSuggestions');
