import { describe, expect, it } from 'vitest';
import { ZApiDescription } from '@patchbay/schema';
import { callContext, methodSuggestions, pathSuggestions } from './call-completions.ts';

const description = ZApiDescription.parse({
  id: 'acme',
  name: 'Acme',
  category: 'crm',
  hosts: ['api.acme.test'],
  baseUrl: 'https://api.acme.test/v2',
  docsUrl: 'https://docs.acme.test',
  source: { kind: 'reference', url: 'https://docs.acme.test' },
  auth: { schemes: [{ type: 'bearer' }] },
  resources: [
    {
      name: 'contact',
      plural: 'contacts',
      schema: { type: 'object' },
      idField: 'id',
      example: { id: '1' },
      operations: [
        { id: 'listContacts', kind: 'list', method: 'GET', path: '/contacts', summary: 'List' },
        { id: 'getContact', kind: 'get', method: 'GET', path: '/contacts/{id}', summary: 'One' },
        { id: 'createContact', kind: 'create', method: 'POST', path: '/contacts', summary: 'Add' },
      ],
    },
  ],
});

describe('callContext', () => {
  it('finds the path argument of a method call on either client', () => {
    expect(callContext("  const page = await ctx.source.get('/con")).toEqual({
      kind: 'path',
      side: 'source',
      method: 'GET',
      typed: '/con',
    });
    expect(callContext('await destination.post(`')).toEqual({
      kind: 'path',
      side: 'destination',
      method: 'POST',
      typed: '',
    });
  });

  it('finds the method, then the path, of request()', () => {
    expect(callContext("ctx.destination.request('PA")).toEqual({
      kind: 'method',
      side: 'destination',
      typed: 'PA',
    });
    expect(callContext('ctx.destination.request("patch", "/c')).toEqual({
      kind: 'path',
      side: 'destination',
      method: 'PATCH',
      typed: '/c',
    });
  });

  it('is null outside a client call or after the string closed', () => {
    expect(callContext("ctx.log('/contacts")).toBeNull();
    expect(callContext("ctx.source.get('/contacts', ")).toBeNull();
    expect(callContext("mysource.get('/")).toBeNull();
  });
});

describe('suggestions', () => {
  it('offers the paths of the called method, less the Base URL’s own path', () => {
    expect(pathSuggestions(description, 'https://api.acme.test/v2', 'GET')).toMatchObject([
      { path: '/contacts', operationId: 'listContacts' },
      { path: '/contacts/{id}', operationId: 'getContact' },
    ]);
    expect(pathSuggestions(description, 'https://api.acme.test', 'POST')).toMatchObject([
      { path: '/v2/contacts', operationId: 'createContact' },
    ]);
  });

  it('lists the methods a description uses', () => {
    expect(methodSuggestions(description)).toEqual(['GET', 'POST']);
  });
});
