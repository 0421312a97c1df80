import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { nodeVersions } from './node-versions.ts';

/** A ComfyUI node class defined inside a node version ("comfy-node" in the API). */
export const comfyNodes = pgTable(
  'comfy_nodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nodeVersionId: uuid('node_version_id')
      .notNull()
      .references(() => nodeVersions.id, { onDelete: 'cascade' }),
    /** The class key in NODE_CLASS_MAPPINGS, the API's comfy_node_name. */
    name: text('name').notNull(),
    displayName: text('display_name'),
    category: text('category'),
    description: text('description'),
    /** JSON text, as the contract carries it. */
    inputTypes: text('input_types'),
    returnNames: text('return_names'),
    returnTypes: text('return_types'),
    outputIsList: jsonb('output_is_list').$type<boolean[]>().notNull().default([]),
    function: text('function'),
    deprecated: boolean('deprecated').notNull().default(false),
    experimental: boolean('experimental').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('comfy_nodes_version_name_key').on(t.nodeVersionId, t.name),
    index('comfy_nodes_name_idx').on(t.name),
  ],
);
