import { markdownBlock, markdownInline } from './markdown.ts';
import type { OpenApiDocument, OperationObject, SchemaObject } from './openapi-types.ts';
import { propertyRows, schemaView, type PropertyRow, type SchemaView } from './schema-view.ts';

// The OpenAPI document as the reference pages show it: operations grouped by their first tag (one
// page per tag), named schemas (one page each), and the credentials the API accepts.

const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'] as const;

export interface ParameterView {
  name: string;
  in: string;
  required: boolean;
  deprecated: boolean;
  schema: SchemaView;
}

export interface ContentView {
  type: string;
  schema?: SchemaView | undefined;
  /** The properties of an inline (unnamed) object schema; a named one links to its own page. */
  properties: PropertyRow[];
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  descriptionHtml: string;
  deprecated: boolean;
  /** Alternatives, each a list of scheme names; empty = public. */
  security: string[][];
  parameters: ParameterView[];
  body?: { required: boolean; descriptionHtml: string; contents: ContentView[] } | undefined;
  responses: { status: string; descriptionHtml: string; contents: ContentView[] }[];
}

export interface TagView {
  slug: string;
  name: string;
  operations: OperationView[];
}

export interface SecuritySchemeView {
  name: string;
  /** How the credential is sent, e.g. `Authorization: Bearer …`. */
  usage: string;
  descriptionHtml: string;
}

export interface SchemaPage {
  name: string;
  schema: SchemaView;
  properties: PropertyRow[];
}

export interface ApiReference {
  title: string;
  version: string;
  descriptionHtml: string;
  tags: TagView[];
  schemaNames: string[];
  securitySchemes: SecuritySchemeView[];
  schema(name: string): SchemaPage | undefined;
}

/** `Vendor proxy` → `vendor-proxy`: a tag's page address. */
export function tagSlug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'other'
  );
}

function contents(content: Record<string, { schema?: SchemaObject }> | undefined): ContentView[] {
  return Object.entries(content ?? {}).map(([type, media]) => ({
    type,
    schema: media.schema ? schemaView(media.schema, media.schema.description) : undefined,
    properties: media.schema ? propertyRows(media.schema) : [],
  }));
}

function operationView(path: string, method: string, operation: OperationObject): OperationView {
  const body = operation.requestBody;
  return {
    id: operation.operationId ?? `${method}-${path}`,
    method: method.toUpperCase(),
    path,
    summary: operation.summary ?? '',
    descriptionHtml: markdownBlock(operation.description),
    deprecated: operation.deprecated === true,
    security: (operation.security ?? []).map((alternative) => Object.keys(alternative)).filter((names) => names.length),
    parameters: (operation.parameters ?? []).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required === true,
      deprecated: parameter.deprecated === true,
      schema: schemaView(parameter.schema ?? {}, parameter.description ?? parameter.schema?.description),
    })),
    body: body
      ? {
          required: body.required === true,
          descriptionHtml: markdownInline(body.description),
          contents: contents(body.content),
        }
      : undefined,
    responses: Object.entries(operation.responses ?? {}).map(([status, response]) => ({
      status,
      descriptionHtml: markdownInline(response.description),
      contents: contents(response.content),
    })),
  };
}

export function buildApiReference(document: OpenApiDocument): ApiReference {
  const byTag = new Map<string, OperationView[]>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationView(path, method, operation)]);
    }
  }
  const tags = [...byTag]
    .map(([name, operations]) => ({ slug: tagSlug(name), name, operations }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const schemas = document.components?.schemas ?? {};
  const pages = new Map<string, SchemaPage>();
  return {
    title: document.info.title,
    version: document.info.version,
    descriptionHtml: markdownBlock(document.info.description),
    tags,
    schemaNames: Object.keys(schemas).sort((a, b) => a.localeCompare(b, 'en')),
    securitySchemes: Object.entries(document.components?.securitySchemes ?? {}).map(([name, scheme]) => ({
      name,
      usage:
        scheme.type === 'http'
          ? `Authorization: ${scheme.scheme === 'bearer' ? 'Bearer' : (scheme.scheme ?? '')} …`
          : `${scheme.name ?? ''}: …`,
      descriptionHtml: markdownInline(scheme.description),
    })),
    schema(name) {
      const schema = Object.hasOwn(schemas, name) ? schemas[name] : undefined;
      if (!schema) return undefined;
      let page = pages.get(name);
      if (!page) {
        page = { name, schema: schemaView(schema), properties: propertyRows(schema) };
        pages.set(name, page);
      }
      return page;
    },
  };
}
