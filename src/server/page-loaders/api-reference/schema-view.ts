import { markdownInline } from './markdown.ts';
import type { SchemaObject } from './openapi-types.ts';

// A JSON schema from the OpenAPI document as the reference pages show it: a type (with links to
// named schemas), facts (enum, default, limits) and, for inline objects, their properties flattened
// into rows with dotted paths (`publishers[].node_count`), so a page needs no recursive tables.

export type TypeView =
  | { kind: 'name'; name: string; format?: string | undefined }
  | { kind: 'ref'; name: string }
  | { kind: 'array'; items: TypeView }
  | { kind: 'map'; values: TypeView }
  | { kind: 'all'; parts: TypeView[] }
  | { kind: 'union'; parts: TypeView[] }
  | { kind: 'any' };

export type Limit =
  { key: 'minLength' | 'maxLength' | 'maxItems'; count: number } | { key: 'minimum' | 'maximum'; value: number };

export interface SchemaView {
  type: TypeView;
  nullable: boolean;
  descriptionHtml: string;
  enumValues: string[];
  defaultValue?: string | undefined;
  limits: Limit[];
  deprecated: boolean;
}

export interface PropertyRow {
  /** Dotted path from the schema's top: `name`, `latest_version.version`, `items[].id`, `map.*.x`. */
  path: string;
  required: boolean;
  schema: SchemaView;
}

/** Inline objects nest rarely more than this; deeper ones are named schemas (links) in practice. */
const MAX_DEPTH = 4;

export const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A part of `allOf` that only annotates (a description next to a `$ref`), adding no type. */
const annotationOnly = (schema: SchemaObject) =>
  !schema.$ref &&
  !schema.type &&
  !schema.properties &&
  !schema.items &&
  !schema.allOf &&
  !schema.anyOf &&
  !schema.oneOf;

function typesOf(schema: SchemaObject): { names: string[]; nullable: boolean } {
  const raw = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  return { names: raw.filter((name) => name !== 'null'), nullable: raw.includes('null') };
}

export function typeOf(schema: SchemaObject): TypeView {
  if (schema.$ref) return { kind: 'ref', name: refName(schema.$ref) };
  if (schema.allOf) {
    const parts = schema.allOf.filter((part) => !annotationOnly(part)).map(typeOf);
    return parts.length === 1 ? parts[0]! : { kind: 'all', parts };
  }
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return { kind: 'union', parts: choices.map(typeOf) };
  const { names } = typesOf(schema);
  const one = (name: string): TypeView => {
    if (name === 'array') return { kind: 'array', items: schema.items ? typeOf(schema.items) : { kind: 'any' } };
    const values = schema.additionalProperties;
    if (name === 'object' && !schema.properties && values && typeof values === 'object') {
      return { kind: 'map', values: typeOf(values) };
    }
    return { kind: 'name', name, format: schema.format };
  };
  if (names.length === 0) return schema.properties ? { kind: 'name', name: 'object' } : { kind: 'any' };
  return names.length === 1 ? one(names[0]!) : { kind: 'union', parts: names.map(one) };
}

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function limitsOf(schema: SchemaObject): Limit[] {
  const limits: Limit[] = [];
  if (schema.minLength !== undefined && schema.minLength > 0)
    limits.push({ key: 'minLength', count: schema.minLength });
  if (schema.maxLength !== undefined) limits.push({ key: 'maxLength', count: schema.maxLength });
  if (schema.maxItems !== undefined) limits.push({ key: 'maxItems', count: schema.maxItems });
  if (schema.minimum !== undefined) limits.push({ key: 'minimum', value: schema.minimum });
  if (schema.maximum !== undefined) limits.push({ key: 'maximum', value: schema.maximum });
  return limits;
}

/** The description of a schema, or of the annotation beside its `$ref` in an `allOf`. */
function descriptionOf(schema: SchemaObject): string | undefined {
  return schema.description ?? schema.allOf?.find((part) => annotationOnly(part))?.description;
}

export function schemaView(schema: SchemaObject, description = descriptionOf(schema)): SchemaView {
  return {
    type: typeOf(schema),
    nullable: typesOf(schema).nullable,
    descriptionHtml: markdownInline(description),
    enumValues: (schema.enum ?? []).map(show),
    defaultValue: schema.default === undefined ? undefined : show(schema.default),
    limits: limitsOf(schema),
    deprecated: schema.deprecated === true,
  };
}

/** Where an inline schema's own properties live: itself, its array items, map values or allOf parts. */
function inlineObjects(schema: SchemaObject, path: string): { object: SchemaObject; path: string }[] {
  if (schema.$ref) return [];
  if (schema.allOf) return schema.allOf.flatMap((part) => inlineObjects(part, path));
  if (schema.items) return inlineObjects(schema.items, `${path}[]`);
  const values = schema.additionalProperties;
  if (!schema.properties && values && typeof values === 'object') return inlineObjects(values, `${path}.*`);
  return schema.properties ? [{ object: schema, path }] : [];
}

/** Every property of a schema's inline objects, nested ones under dotted paths, in document order. */
export function propertyRows(schema: SchemaObject, path = '', depth = 0): PropertyRow[] {
  if (depth >= MAX_DEPTH) return [];
  return inlineObjects(schema, path).flatMap(({ object, path: base }) =>
    Object.entries(object.properties ?? {}).flatMap(([name, property]) => {
      const rowPath = base ? `${base}.${name}` : name;
      return [
        { path: rowPath, required: object.required?.includes(name) ?? false, schema: schemaView(property) },
        ...propertyRows(property, rowPath, depth + 1),
      ];
    }),
  );
}
