import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES } from '../import-openapi.ts';
import { doc, getReturning, importError, record } from '../import-openapi.test-support.ts';

// The import's load stage: every kind of document that cannot be imported, and what the error
// says about where.

describe('importOpenApi: bad documents', () => {
  it('not JSON: says so with the line and column', async () => {
    const error = await importError('{\n  "openapi": "3.0.0",\n  "info": }\n');
    expect(error).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      status: 400,
      where: 'line 3, column 11',
    });
    expect(error.message).toBe("Not valid JSON: Unexpected token '}' (at line 3, column 11)");
    const unclosed = await importError('{\n  "openapi": "3.0.0",\n  "info": {"title": "x"\n');
    expect(unclosed).toMatchObject({ where: 'line 4, column 1' });
    expect(unclosed.message).toMatch(/^Not valid JSON: /);
  });

  it('not YAML: says so with the line and column', async () => {
    const error = await importError('openapi: 3.0.0\ninfo:\n  title: x\n   bad: [\n');
    expect(error).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      status: 400,
      where: 'line 3, column 10',
    });
    expect(error.message).toContain(
      'Not valid YAML: Nested mappings are not allowed in compact mappings',
    );
  });

  it('plain text or an empty document', async () => {
    expect(await importError('just some words')).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      message: 'The document is neither JSON nor YAML (at line 1)',
    });
    expect(await importError('  \n')).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      message: 'The document is empty (at line 1)',
    });
  });

  it('not OpenAPI: a list, or an object with no version field', async () => {
    expect(await importError('[1, 2]')).toMatchObject({
      code: 'NOT_OPENAPI',
      status: 422,
      where: '/',
    });
    expect(await importError('name: my api\npaths: {}\n')).toMatchObject({
      code: 'NOT_OPENAPI',
      message: 'Not an OpenAPI document: it has no "openapi" or "swagger" field (at /)',
    });
  });

  it('wrong versions: Swagger 1.2, Swagger 3.0, OpenAPI 4.0', async () => {
    expect(await importError({ swaggerVersion: '1.2', apis: [] })).toMatchObject({
      code: 'UNSUPPORTED_VERSION',
      status: 422,
      where: '/swaggerVersion',
      message:
        'Swagger 1.2 is not supported: convert the document to OpenAPI 3 or Swagger 2.0 (at /swaggerVersion)',
    });
    expect(await importError({ swagger: '3.0', paths: {} })).toMatchObject({
      code: 'UNSUPPORTED_VERSION',
      where: '/swagger',
    });
    expect(await importError(doc({}, { openapi: '4.0.0' }))).toMatchObject({
      code: 'UNSUPPORTED_VERSION',
      where: '/openapi',
    });
  });

  it('an unresolvable $ref, with the pointer of the $ref', async () => {
    const error = await importError(
      doc({ '/items': getReturning({ $ref: '#/components/schemas/Nope' }) }),
    );
    expect(error).toMatchObject({
      code: 'UNRESOLVED_REFERENCE',
      status: 422,
      where: '/paths/~1items/get/responses/200/content/application~1json/schema/$ref',
    });
    expect(error.message).toContain(
      'The $ref "#/components/schemas/Nope" points at nothing in the document',
    );
  });

  it('an unresolvable Swagger 2.0 $ref, pointed at in the document as written', async () => {
    const error = await importError({
      swagger: '2.0',
      info: { title: 'x', version: '1' },
      host: 'x.test',
      paths: {
        '/a': {
          get: {
            responses: { '200': { description: 'ok', schema: { $ref: '#/definitions/Gone' } } },
          },
        },
      },
    });
    expect(error).toMatchObject({
      code: 'UNRESOLVED_REFERENCE',
      where: '/paths/~1a/get/responses/200/schema/$ref',
      message:
        'The $ref "#/definitions/Gone" points at nothing in the document (at /paths/~1a/get/responses/200/schema/$ref)',
    });
  });

  it('a $ref to another file', async () => {
    const error = await importError(doc({ '/items': getReturning({ $ref: 'models.yaml#/Item' }) }));
    expect(error.code).toBe('UNRESOLVED_REFERENCE');
    expect(error.message).toContain('bundle the document into one file');
    expect(error.where).toBe(
      '/paths/~1items/get/responses/200/content/application~1json/schema/$ref',
    );
  });

  it('too large, before any parsing', async () => {
    const text = `openapi: 3.0.0\n#${'x'.repeat(MAX_DOCUMENT_BYTES)}\n`;
    expect(await importError(text)).toMatchObject({
      code: 'DOCUMENT_TOO_LARGE',
      status: 413,
      message: 'The document is 5 MiB; at most 5 MiB is accepted (at the whole document)',
    });
  });

  it('no operations', async () => {
    expect(await importError(doc({}))).toMatchObject({
      code: 'NO_OPERATIONS',
      status: 422,
      where: '/paths',
    });
    expect(await importError(doc({ '/a': { parameters: [] } }))).toMatchObject({
      code: 'NO_OPERATIONS',
    });
  });

  it('nesting too deep to read, found without overflowing the stack', async () => {
    const levels = 5000;
    const schema =
      '{"type":"object","properties":{"a":'.repeat(levels) +
      '{"type":"string"}' +
      '}}'.repeat(levels);
    const text = JSON.stringify(doc({ '/a': getReturning('SCHEMA') })).replace('"SCHEMA"', schema);
    const error = await importError(text);
    expect(error).toMatchObject({ code: 'TOO_DEEPLY_NESTED', status: 422 });
    expect(error.where).toMatch(
      /^\/paths\/~1a\/get\/responses\/200\/content\/application~1json\/schema\/properties\/a\//,
    );
    expect(await importError('['.repeat(200_000))).toMatchObject({
      code: 'NOT_JSON_OR_YAML',
      where: 'the whole document',
    });
  });

  it('no server and no base URL to fall back on', async () => {
    const error = await importError(
      doc({ '/items': getReturning({ type: 'array', items: record }) }, { servers: undefined }),
    );
    expect(error).toMatchObject({ code: 'NO_SERVER', status: 422, where: '/servers' });
  });
});
