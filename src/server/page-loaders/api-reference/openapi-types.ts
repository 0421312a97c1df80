// The part of an OpenAPI 3.1 document that the API reference pages read. docs/openapi.json is
// written by `npm run openapi` from the routes, so these shapes only need to cover what zod-openapi emits.

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  default?: unknown;
  example?: unknown;
  items?: SchemaObject;
  properties?: Record<string, SchemaObject>;
  required?: string[];
  additionalProperties?: SchemaObject | boolean;
  allOf?: SchemaObject[];
  anyOf?: SchemaObject[];
  oneOf?: SchemaObject[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
  deprecated?: boolean;
}

export interface MediaObject {
  schema?: SchemaObject;
}

export interface ParameterObject {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  deprecated?: boolean;
  schema?: SchemaObject;
}

export interface OperationObject {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  security?: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; description?: string; content?: Record<string, MediaObject> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaObject> }>;
}

export interface SecuritySchemeObject {
  type: string;
  scheme?: string;
  name?: string;
  in?: string;
  description?: string;
}

export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OperationObject>>;
  components?: {
    schemas?: Record<string, SchemaObject>;
    securitySchemes?: Record<string, SecuritySchemeObject>;
  };
}
