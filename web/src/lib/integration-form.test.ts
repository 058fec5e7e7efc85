import { describe, expect, it } from 'vitest';
import { isHttpUrl } from '@patchbay/schema';
import {
  baseUrlProblem,
  authConfig,
  canGenerate,
  connectionFromCatalog,
  connectionFromIntegration,
  connectionProblems,
  emptyConnection,
  emptyForm,
  formProblems,
  lacksCredential,
  missingCredentials,
  missingForGeneration,
  operationCount,
  promptCounter,
  secretLabel,
  toConnectionUpdate,
  toCreateRequest,
  toGenerateRequest,
  type IntegrationForm,
  type OAuthMode,
} from './integration-form.ts';
import {
  ZApiDescription,
  type TApiDescription,
  type TAuthScheme,
  type TIntegration,
} from '@patchbay/schema';

function validForm(): IntegrationForm {
  const form = emptyForm('Copy every new customer from billing into the CRM.');
  form.source = { ...form.source, apiName: 'Billing', baseUrl: 'https://billing.example.com' };
  form.destination = { ...form.destination, apiName: 'CRM', baseUrl: 'http://127.0.0.1:8080' };
  return form;
}

const titles = (form: IntegrationForm) => formProblems(form).map((problem) => problem.title);

describe('promptCounter', () => {
  it("reads 'n/1000'", () => {
    expect(promptCounter('')).toBe('0/1000');
    expect(promptCounter('x'.repeat(42))).toBe('42/1000');
    expect(promptCounter('x'.repeat(1000))).toBe('1000/1000');
  });
});

describe('formProblems', () => {
  it('accepts a complete form', () => {
    expect(formProblems(validForm())).toEqual([]);
    expect(canGenerate(validForm())).toBe(true);
  });

  it('wants a prompt of at least 20 characters, ignoring surrounding spaces', () => {
    const form = validForm();
    form.prompt = `   ${'x'.repeat(19)}   `;
    expect(formProblems(form)[0]).toEqual({
      title: 'Missing prompt',
      message: 'Please describe your integration (minimum 20 characters)',
      fields: ['prompt'],
    });
    form.prompt = 'x'.repeat(20);
    expect(canGenerate(form)).toBe(true);
  });

  it('wants both API names', () => {
    const form = validForm();
    form.destination.apiName = '  ';
    expect(formProblems(form)).toEqual([
      {
        title: 'Missing API details',
        message: 'Please configure both source and destination APIs',
        fields: ['destination.apiName'],
      },
    ]);
  });

  it('wants both base URLs, as absolute http(s) URLs', () => {
    const form = validForm();
    form.source.baseUrl = '';
    form.destination.baseUrl = 'ftp://files.example.com';
    expect(formProblems(form)).toEqual([
      {
        title: 'Missing URLs',
        message: 'Please enter valid URLs for both APIs',
        fields: ['source.baseUrl'],
      },
      {
        title: 'Invalid URL',
        message: 'A base URL must be an absolute URL starting with http:// or https://',
        fields: ['destination.baseUrl'],
      },
    ]);
  });

  it('lists the problems in the spec order, so the first toast is the prompt', () => {
    expect(titles(emptyForm())).toEqual(['Missing prompt', 'Missing API details', 'Missing URLs']);
    expect(canGenerate(emptyForm())).toBe(false);
  });

  it('checks OAuth URLs only when they are given', () => {
    const form = validForm();
    form.source.authType = 'oauth';
    expect(canGenerate(form)).toBe(true);
    form.source.tokenUrl = 'auth.example.com/token';
    form.source.authorizeUrl = 'https://auth.example.com/authorize';
    form.source.revokeUrl = 'revoke';
    expect(formProblems(form)).toEqual([
      {
        title: 'Invalid OAuth URL',
        message: 'OAuth 2.0 URLs must be absolute http(s) URLs',
        fields: ['source.tokenUrl', 'source.revokeUrl'],
      },
    ]);
    expect(missingForGeneration(form)).toEqual([
      'Source token URL (http:// or https://)',
      'Source revocation URL (http:// or https://)',
    ]);
  });
});

describe('missingForGeneration and missingCredentials', () => {
  it('names each field the rules mark, in the spec order, and nothing once the form is ready', () => {
    const form = emptyForm('Copy customers');
    form.destination = { ...form.destination, apiName: 'CRM', baseUrl: 'crm.example.com' };
    expect(missingForGeneration(form)).toEqual([
      'A description of at least 20 characters (6 more)',
      'Source API name',
      'Source base URL (http:// or https://)',
      'Destination base URL (http:// or https://)',
    ]);
    expect(missingForGeneration(validForm())).toEqual([]);
  });

  it('names the credentials the auth types need, without blocking generation', () => {
    const form = validForm();
    form.destination.authType = 'basic';
    expect(missingCredentials(form)).toEqual([
      'Source API Key',
      'Destination Username',
      'Destination Password',
    ]);
    expect(canGenerate(form)).toBe(true);
    form.destination.basicSecretIn = 'username';
    expect(missingCredentials(form)).toEqual([
      'Source API Key',
      'Destination API Key (sent as the username)',
    ]);
    form.source.secret = 'sk-live';
    form.destination = { ...form.destination, authType: 'none' };
    expect(missingCredentials(form)).toEqual([]);
  });
});

describe('isHttpUrl', () => {
  it.each([
    ['https://api.example.com', true],
    ['http://127.0.0.1:3000/v1', true],
    ['  https://api.example.com  ', true],
    ['api.example.com', false],
    ['ftp://example.com', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isHttpUrl(value)).toBe(expected);
  });
});

describe('authConfig', () => {
  it('puts an API key in the X-API-Key header by default', () => {
    expect(authConfig(emptyConnection())).toEqual({ in: 'header', name: 'X-API-Key' });
  });

  it('names the query parameter, with a default', () => {
    const connection = { ...emptyConnection(), keyLocation: 'query' as const };
    expect(authConfig(connection)).toEqual({ in: 'query', name: 'api_key' });
    expect(authConfig({ ...connection, keyName: ' key ' })).toEqual({ in: 'query', name: 'key' });
  });

  it('keeps the basic-auth user name and the OAuth client, never the secret', () => {
    expect(
      authConfig({ ...emptyConnection(), authType: 'basic', username: 'ada', secret: 'pw' }),
    ).toEqual({
      username: 'ada',
    });
    expect(
      authConfig({
        ...emptyConnection(),
        authType: 'oauth',
        oauthMode: 'client_credentials',
        tokenUrl: 'https://auth.example.com/token',
        clientId: 'client',
        scope: '',
        secret: 'shh',
      }),
    ).toEqual({
      grant: 'client_credentials',
      tokenUrl: 'https://auth.example.com/token',
      clientId: 'client',
    });
  });

  it('connects an account by default for OAuth: only the endpoints typed in are sent', () => {
    expect(authConfig({ ...emptyConnection(), authType: 'oauth' })).toEqual({
      grant: 'authorization_code',
    });
    expect(
      authConfig({
        ...emptyConnection(),
        authType: 'oauth',
        authorizeUrl: ' https://auth.example.com/authorize ',
        tokenUrl: 'https://auth.example.com/token',
        userinfoUrl: 'https://auth.example.com/userinfo',
        scope: 'contacts.read offline_access',
      }),
    ).toEqual({
      grant: 'authorization_code',
      authorizeUrl: 'https://auth.example.com/authorize',
      tokenUrl: 'https://auth.example.com/token',
      userinfoUrl: 'https://auth.example.com/userinfo',
      scope: 'contacts.read offline_access',
    });
  });

  it('has nothing for bearer, none, or OAuth with a ready access token', () => {
    expect(authConfig({ ...emptyConnection(), authType: 'bearer' })).toBeUndefined();
    expect(authConfig({ ...emptyConnection(), authType: 'none' })).toBeUndefined();
    expect(
      authConfig({ ...emptyConnection(), authType: 'oauth', oauthMode: 'access_token' }),
    ).toBeUndefined();
  });
});

describe('secretLabel', () => {
  it('names the secret of each auth type', () => {
    const label = (
      authType: IntegrationForm['source']['authType'],
      tokenUrl = '',
      oauthMode: OAuthMode = 'client_credentials',
    ) => secretLabel({ authType, tokenUrl, oauthMode, basicSecretIn: 'password' });
    expect(label('api-key')).toBe('API Key');
    expect(label('bearer')).toBe('Bearer Token');
    expect(label('basic')).toBe('Password');
    expect(
      secretLabel({
        authType: 'basic',
        tokenUrl: '',
        oauthMode: 'client_credentials',
        basicSecretIn: 'username',
      }),
    ).toBe('API Key (sent as the username)');
    expect(label('oauth', '', 'access_token')).toBe('Access Token');
    expect(label('oauth', 'https://auth.example.com/token')).toBe('Client Secret');
    expect(label('oauth', '', 'authorization_code')).toBe('Client Secret (your own app)');
    expect(label('none')).toBeNull();
  });
});

describe('request bodies', () => {
  it('defaults the name and sends secrets only where there are some', () => {
    const form = validForm();
    form.source.secret = 'sk_live_1';
    form.destination.authType = 'none';
    form.destination.secret = 'left over from another type';
    expect(toCreateRequest(form)).toEqual({
      name: 'Unnamed Integration',
      userPrompt: 'Copy every new customer from billing into the CRM.',
      sourceApiName: 'Billing',
      sourceApiUrl: 'https://billing.example.com',
      sourceAuthType: 'api-key',
      sourceAuthConfig: { in: 'header', name: 'X-API-Key' },
      sourceApiKeyEncrypted: 'sk_live_1',
      destApiName: 'CRM',
      destApiUrl: 'http://127.0.0.1:8080',
      destAuthType: 'none',
    });
  });

  it('never sends a credential to the generator', () => {
    const form = validForm();
    form.name = 'My sync';
    form.source.secret = 'sk_live_1';
    const body = toGenerateRequest(form);
    expect(body).toEqual({
      sourceApiName: 'Billing',
      sourceApiUrl: 'https://billing.example.com',
      sourceAuthType: 'api-key',
      destApiName: 'CRM',
      destApiUrl: 'http://127.0.0.1:8080',
      destAuthType: 'api-key',
      userPrompt: 'Copy every new customer from billing into the CRM.',
    });
    expect(JSON.stringify(body)).not.toContain('sk_live_1');
  });
});

/** A small description, parsed with the shared schema so defaults apply as in the API. */
function acmeDescription(id: string, schemes: TAuthScheme[]): TApiDescription {
  return ZApiDescription.parse({
    id,
    name: 'Acme CRM',
    category: 'crm',
    hosts: ['api.acme.test'],
    baseUrl: 'https://api.acme.test/v2',
    docsUrl: 'https://docs.acme.test/api',
    source: { kind: 'reference', url: 'https://docs.acme.test/api' },
    auth: { schemes },
    resources: [
      {
        name: 'contact',
        plural: 'contacts',
        schema: { type: 'object' },
        idField: 'id',
        example: { id: '1' },
        operations: [
          { id: 'listContacts', kind: 'list', method: 'GET', path: '/contacts', summary: 'List' },
          {
            id: 'createContact',
            kind: 'create',
            method: 'POST',
            path: '/contacts',
            summary: 'Add',
          },
        ],
      },
    ],
  });
}

describe('descriptions', () => {
  it("a catalog pick fills the name, base URL, auth type and the key's header name", () => {
    const description = acmeDescription('acme', [{ type: 'api-key', in: 'query', name: 'token' }]);
    expect(connectionFromCatalog(description)).toEqual({
      apiName: 'Acme CRM',
      baseUrl: 'https://api.acme.test/v2',
      description: { kind: 'catalog', id: 'acme' },
      authType: 'api-key',
      keyLocation: 'query',
      keyName: 'token',
    });
  });

  it('takes a basic scheme whose key is the user name', () => {
    const keyAsUser = acmeDescription('acme', [
      { type: 'basic', username: 'secret key', password: '(empty)', secretIn: 'username' },
    ]);
    expect(connectionFromCatalog(keyAsUser)).toMatchObject({
      authType: 'basic',
      basicSecretIn: 'username',
    });
    expect(
      authConfig({
        ...emptyConnection(),
        authType: 'basic',
        basicSecretIn: 'username',
        username: 'x',
      }),
    ).toEqual({ secretIn: 'username' });
  });

  it('takes the first scheme, and a token URL only for a client-credentials-only provider', () => {
    const bearer = acmeDescription('acme', [{ type: 'bearer' }, { type: 'basic' }]);
    expect(connectionFromCatalog(bearer)).toMatchObject({ authType: 'bearer' });
    expect(connectionFromCatalog(bearer)).not.toHaveProperty('keyName');
    const machine = acmeDescription('acme', [
      {
        type: 'oauth',
        grants: ['client_credentials'],
        tokenUrl: 'https://auth.acme.test/token',
        scopes: [],
      },
    ]);
    expect(connectionFromCatalog(machine)).toMatchObject({
      authType: 'oauth',
      oauthMode: 'client_credentials',
      tokenUrl: 'https://auth.acme.test/token',
    });
    const browser = acmeDescription('acme', [
      {
        type: 'oauth',
        grants: ['authorization_code', 'client_credentials'],
        tokenUrl: 'https://auth.acme.test/token',
        scopes: [],
      },
    ]);
    expect(connectionFromCatalog(browser)).not.toHaveProperty('tokenUrl');
    expect(connectionFromCatalog(browser)).toMatchObject({ oauthMode: 'authorization_code' });
  });

  it('counts operations over all resources', () => {
    expect(operationCount(acmeDescription('acme', [{ type: 'bearer' }]))).toBe(2);
  });

  it('sends a chosen description to create and generate, and leaves the automatic match to the API', () => {
    const form = validForm();
    expect(toCreateRequest(form)).not.toHaveProperty('sourceDescription');
    form.source.description = { kind: 'catalog', id: 'stripe' };
    form.destination.description = { kind: 'none' };
    expect(toCreateRequest(form)).toMatchObject({
      sourceDescription: { kind: 'catalog', id: 'stripe' },
      destDescription: { kind: 'none' },
    });
    expect(toGenerateRequest(form)).toMatchObject({
      sourceDescription: { kind: 'catalog', id: 'stripe' },
      destDescription: { kind: 'none' },
    });
  });
});

describe('base URL placeholders (ADR 031)', () => {
  it('fills each {placeholder} from its field, and names the ones left on their own field', () => {
    const form = validForm();
    form.source.baseUrl = 'https://{shop}.myshopify.com/admin/api/2025-10';
    expect(formProblems(form)).toEqual([
      {
        title: 'Fill in the base URL',
        message: 'Enter a value for {shop} in the source base URL',
        fields: ['source.placeholder.shop'],
      },
    ]);
    expect(missingForGeneration(form)).toEqual(['Source base URL: a value for {shop}']);
    form.source.placeholders = { shop: ' acme ' };
    expect(formProblems(form)).toEqual([]);
    expect(toCreateRequest(form).sourceApiUrl).toBe('https://acme.myshopify.com/admin/api/2025-10');
    expect(toGenerateRequest(form).sourceApiUrl).toBe(
      'https://acme.myshopify.com/admin/api/2025-10',
    );
  });
});

describe('the Edit connection panel', () => {
  const saved = {
    id: 'i-1',
    name: 'Orders to CRM',
    sourceApiName: 'Shop',
    sourceApiUrl: 'https://shop.example.com',
    sourceAuthType: 'api-key',
    sourceAuthConfig: { in: 'query', name: 'key' },
    sourceApiKeySet: true,
    sourceApiKeyHint: '…cdef',
    destApiName: 'CRM',
    destApiUrl: 'https://{subdomain}.crm.example.com',
    destAuthType: 'oauth',
    destAuthConfig: { grant: 'authorization_code', scope: 'contacts' },
    destApiKeySet: false,
    destApiKeyHint: null,
    userPrompt: 'Copy every order into the CRM.',
    generatedCode: '',
    generationReport: null,
    status: 'active',
    schedule: { everyMinutes: 15 },
    trigger: 'schedule',
    webhook: null,
    sourceDescription: null,
    destDescription: {
      kind: 'catalog',
      id: 'crm',
      name: 'CRM',
      docsUrl: null,
      how: 'chosen',
    },
    createdAt: '2026-11-27T00:00:00Z',
    updatedAt: '2026-11-27T00:00:00Z',
  } satisfies TIntegration;

  it('starts from the side as saved, with the secret box empty', () => {
    const source = connectionFromIntegration(saved, 'source');
    expect(source).toMatchObject({
      apiName: 'Shop',
      baseUrl: 'https://shop.example.com',
      authType: 'api-key',
      keyLocation: 'query',
      keyName: 'key',
      secret: '',
      description: { kind: 'none' },
    });
    const destination = connectionFromIntegration(saved, 'destination');
    expect(destination).toMatchObject({
      authType: 'oauth',
      oauthMode: 'authorization_code',
      scope: 'contacts',
      description: { kind: 'catalog', id: 'crm' },
    });
  });

  it('sends the side, a typed secret or a removal, and the description only when changed', () => {
    const initial = connectionFromIntegration(saved, 'source');
    expect(toConnectionUpdate(initial, initial, 'source', false)).toEqual({
      sourceApiName: 'Shop',
      sourceApiUrl: 'https://shop.example.com',
      sourceAuthType: 'api-key',
      sourceAuthConfig: { in: 'query', name: 'key' },
    });
    const rotated = { ...initial, secret: 'new-key-0123456789' };
    expect(toConnectionUpdate(rotated, initial, 'source', false)).toMatchObject({
      sourceApiKeyEncrypted: 'new-key-0123456789',
    });
    expect(toConnectionUpdate(rotated, initial, 'source', true)).toMatchObject({
      sourceApiKeyEncrypted: '',
    });
    const bearer = {
      ...initial,
      authType: 'bearer' as const,
      description: { kind: 'auto' as const },
    };
    expect(toConnectionUpdate(bearer, initial, 'source', false)).toEqual({
      sourceApiName: 'Shop',
      sourceApiUrl: 'https://shop.example.com',
      sourceAuthType: 'bearer',
      sourceAuthConfig: {},
      sourceDescription: { kind: 'auto' },
    });
  });

  it('refuses a placeholder left in the base URL, and fills it in', () => {
    const form = connectionFromIntegration(saved, 'destination');
    expect(connectionProblems(form, 'destination').map((problem) => problem.fields)).toEqual([
      ['destination.placeholder.subdomain'],
    ]);
    const filled = { ...form, placeholders: { subdomain: 'acme' } };
    expect(connectionProblems(filled, 'destination')).toEqual([]);
    expect(toConnectionUpdate(filled, form, 'destination', false).destApiUrl).toBe(
      'https://acme.crm.example.com',
    );
  });

  it('knows which saved side lacks its credential', () => {
    expect(lacksCredential(saved, 'source')).toBe(false);
    expect(lacksCredential({ ...saved, sourceApiKeySet: false }, 'source')).toBe(true);
    // A connected account is the OAuth card's business, not a secret.
    expect(lacksCredential(saved, 'destination')).toBe(false);
  });
});

describe('a prompt over the limit', () => {
  it('is kept whole and refused with how many characters to remove', () => {
    const form = validForm();
    form.prompt = 'x'.repeat(1003);
    expect(formProblems(form)).toEqual([
      {
        title: 'Description too long',
        message: 'Please shorten the description to 1000 characters (3 too many)',
        fields: ['prompt'],
      },
    ]);
    expect(missingForGeneration(form)).toEqual([
      'A description of at most 1000 characters (3 fewer)',
    ]);
    expect(promptCounter(form.prompt)).toBe('1003/1000');
  });
});

describe('baseUrlProblem', () => {
  it('names a typed value that is not an absolute http(s) URL, and nothing else', () => {
    const connection = (baseUrl: string) => ({ ...emptyConnection(), baseUrl });
    expect(baseUrlProblem(connection('api.example.com'))).toBe(
      'A base URL must be an absolute URL starting with http:// or https://',
    );
    expect(baseUrlProblem(connection('ftp://api.example.com'))).toBeDefined();
    expect(baseUrlProblem(connection('https://api.example.com/v2'))).toBeUndefined();
    // Empty is "missing", which Generate says.
    expect(baseUrlProblem(connection('  '))).toBeUndefined();
  });
});
