import { describe, expect, it } from 'vitest';
import { loadApiReference } from './load-api-reference.ts';
import { buildApiReference, tagSlug } from './reference-model.ts';
import { propertyRows, typeOf } from './schema-view.ts';

describe('buildApiReference', () => {
  const reference = buildApiReference({
    info: { title: 'T', version: '1', description: 'An `api`.' },
    paths: {
      '/things/{id}': {
        get: {
          operationId: 'getThing',
          tags: ['Things', 'Other'],
          summary: 'Gets a thing',
          description: 'Returns **one** <script>alert(1)</script>[x](javascript:alert(1)) thing.',
          security: [{ BearerAuth: [] }],
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', description: 'The id.' } }],
          responses: {
            '200': {
              description: 'OK',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
            },
            '404': { description: 'Not found' },
          },
        },
      },
      '/status': { get: { operationId: 'status', tags: ['Admin area'], summary: 'Status', responses: {} } },
    },
    components: {
      schemas: {
        Thing: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', maxLength: 40 },
            owner: { type: ['object', 'null'], properties: { name: { type: 'string' } } },
            kind: { type: 'string', enum: ['a', 'b'], default: 'a' },
          },
        },
      },
      securitySchemes: { BearerAuth: { type: 'http', scheme: 'bearer', description: 'A token.' } },
    },
  });

  it('groups operations by their first tag, one page each, sorted by name', () => {
    expect(reference.tags.map((tag) => [tag.slug, tag.name, tag.operations.map((op) => op.id)])).toEqual([
      ['admin-area', 'Admin area', ['status']],
      ['things', 'Things', ['getThing']],
    ]);
  });

  it('keeps what a caller needs of an operation, with its markdown rendered safely', () => {
    const operation = reference.tags[1]!.operations[0]!;
    expect(operation).toMatchObject({
      method: 'GET',
      path: '/things/{id}',
      summary: 'Gets a thing',
      security: [['BearerAuth']],
    });
    expect(operation.descriptionHtml).toContain('<strong>one</strong>');
    expect(operation.descriptionHtml).not.toContain('script');
    expect(operation.descriptionHtml).not.toContain('javascript:');
    expect(operation.parameters[0]).toMatchObject({ name: 'id', in: 'path', required: true });
    expect(operation.parameters[0]!.schema.descriptionHtml).toBe('The id.');
    expect(operation.responses.map((r) => [r.status, r.contents.map((c) => c.schema?.type)])).toEqual([
      ['200', [{ kind: 'ref', name: 'Thing' }]],
      ['404', []],
    ]);
    expect(reference.securitySchemes).toEqual([
      { name: 'BearerAuth', usage: 'Authorization: Bearer …', descriptionHtml: 'A token.' },
    ]);
  });

  it('describes a named schema with its properties, nested ones under dotted paths', () => {
    const thing = reference.schema('Thing');
    expect(thing?.properties.map((row) => [row.path, row.required])).toEqual([
      ['id', true],
      ['owner', false],
      ['owner.name', false],
      ['kind', false],
    ]);
    expect(thing?.properties[0]!.schema.limits).toEqual([{ key: 'maxLength', count: 40 }]);
    expect(thing?.properties[1]!.schema.nullable).toBe(true);
    expect(thing?.properties[3]!.schema).toMatchObject({ enumValues: ['a', 'b'], defaultValue: 'a' });
    expect(reference.schema('Missing')).toBeUndefined();
    expect(reference.schema('constructor')).toBeUndefined();
  });
});

describe('typeOf and propertyRows', () => {
  it('names arrays, maps, unions and a $ref beside an annotation', () => {
    expect(typeOf({ type: 'array', items: { $ref: '#/components/schemas/Node' } })).toEqual({
      kind: 'array',
      items: { kind: 'ref', name: 'Node' },
    });
    expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } })).toEqual({
      kind: 'map',
      values: { kind: 'name', name: 'integer', format: undefined },
    });
    expect(typeOf({ allOf: [{ $ref: '#/components/schemas/A' }, { description: 'only words' }] })).toEqual({
      kind: 'ref',
      name: 'A',
    });
    expect(typeOf({ type: ['string', 'integer'] }).kind).toBe('union');
    expect(typeOf({})).toEqual({ kind: 'any' });
  });

  it('lists the properties of array items extending a named schema', () => {
    const rows = propertyRows({
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: {
            allOf: [{ $ref: '#/components/schemas/P' }, { type: 'object', properties: { n: { type: 'integer' } } }],
          },
        },
      },
    });
    expect(rows.map((row) => row.path)).toEqual(['list', 'list[].n']);
  });
});

describe('tagSlug', () => {
  it('makes an address of a tag name', () => {
    expect(tagSlug('Vendor proxy')).toBe('vendor-proxy');
    expect(tagSlug('ComfyUI CI')).toBe('comfyui-ci');
    expect(tagSlug('!!!')).toBe('other');
  });
});

describe('loadApiReference (docs/openapi.json)', () => {
  it('lists every operation of the document once, and every tag page has a distinct address', () => {
    const reference = loadApiReference();
    const ids = reference.tags.flatMap((tag) => tag.operations.map((op) => op.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('searchNodes');
    expect(new Set(reference.tags.map((tag) => tag.slug)).size).toBe(reference.tags.length);
    expect(reference.schema('Node')?.properties.map((row) => row.path)).toContain('latest_version');
  });
});
