import {
  DEFAULT_INTEGRATION_NAME,
  PROMPT_MAX_LENGTH,
  PROMPT_MIN_LENGTH,
  type TApiDescription,
  type TAuthConfig,
  type TAuthType,
  type TDescriptionChoice,
  type TCreateIntegrationRequest,
  type TDescriptionInUse,
  type TGenerateRequest,
  type TIntegration,
} from '@patchbay/schema';
import {
  credentialNeed,
  defaultOAuthGrant,
  fillUrlPlaceholders,
  isHttpUrl,
  urlPlaceholders,
  type TUpdateIntegrationRequest,
} from '@patchbay/schema';

// The Create Integration form: its values, the checks before generating and the
// request bodies built from it. Plain functions, so the rules are unit-tested.

export { DEFAULT_INTEGRATION_NAME, PROMPT_MAX_LENGTH, PROMPT_MIN_LENGTH };

/** Where an API key goes (ZAuthConfig `in`). */
export type KeyLocation = 'header' | 'query';

export const DEFAULT_KEY_HEADER = 'X-API-Key';
export const DEFAULT_KEY_QUERY_PARAM = 'api_key';

/**
 * How an OAuth 2.0 connection gets its token (ADR 024): a connected account (authorization
 * code, the console's Connect button), the client-credentials grant, or an access token pasted.
 */
export type OAuthMode = 'authorization_code' | 'client_credentials' | 'access_token';

export type BasicSecretIn = 'password' | 'username';

export interface ConnectionForm {
  apiName: string;
  /** As typed or picked: a catalog base URL may hold `{placeholders}` (a shop, a region). */
  baseUrl: string;
  /** The value for each `{placeholder}` of the base URL, by name (ADR 031). */
  placeholders: Record<string, string>;
  authType: TAuthType;
  /** The one secret of the auth type: API key, bearer token, password, client secret or access token. */
  secret: string;
  keyLocation: KeyLocation;
  /** Header or query parameter name for an API key; blank means the default for its location. */
  keyName: string;
  username: string;
  /**
   * Basic auth: 'username' when the API key is the user name and the password is empty
   * (Stripe, Chargebee, Recurly); the secret field then holds the key.
   */
  basicSecretIn: BasicSecretIn;
  tokenUrl: string;
  clientId: string;
  scope: string;
  /** OAuth 2.0: the grant, and the consent and revocation URLs outside the catalog. */
  oauthMode: OAuthMode;
  authorizeUrl: string;
  revokeUrl: string;
  /** OpenID Connect UserInfo: names the connected account when the provider has one. */
  userinfoUrl: string;
  /**
   * Which API description generation and the editor use for this side: matched
   * from the name and URL by default, a catalog entry picked in the combobox, an imported
   * OpenAPI document, or none.
   */
  description: TDescriptionChoice;
}

export interface IntegrationForm {
  prompt: string;
  name: string;
  source: ConnectionForm;
  destination: ConnectionForm;
}

export function emptyConnection(): ConnectionForm {
  return {
    apiName: '',
    baseUrl: '',
    placeholders: {},
    // API Key is the default auth type.
    authType: 'api-key',
    secret: '',
    keyLocation: 'header',
    keyName: '',
    username: '',
    basicSecretIn: 'password',
    tokenUrl: '',
    clientId: '',
    scope: '',
    oauthMode: 'authorization_code',
    authorizeUrl: '',
    revokeUrl: '',
    userinfoUrl: '',
    description: { kind: 'auto' },
  };
}

export function emptyForm(prompt = ''): IntegrationForm {
  return { prompt, name: '', source: emptyConnection(), destination: emptyConnection() };
}

/** The counter under the prompt, 'n/1000'. */
export function promptCounter(prompt: string): string {
  return `${prompt.length}/${PROMPT_MAX_LENGTH}`;
}

/** How many characters the prompt has past the limit (0 when within it): kept, never cut. */
export function promptOverLimit(prompt: string): number {
  return Math.max(0, prompt.trim().length - PROMPT_MAX_LENGTH);
}

/** The base URL to send: the typed one with its `{placeholders}` filled in. */
export function effectiveBaseUrl(connection: Pick<ConnectionForm, 'baseUrl' | 'placeholders'>) {
  return fillUrlPlaceholders(connection.baseUrl.trim(), connection.placeholders);
}

/** The field of one `{placeholder}` of a side's base URL. */
export function placeholderField(side: string, name: string): string {
  return `${side}.placeholder.${name}`;
}

/** A reason the form cannot be sent: the toast to show and the fields to mark. */
export interface FormProblem {
  title: string;
  message: string;
  fields: string[];
}

/**
 * The form's rules, in the order the toasts name them: the prompt (at least 20 characters),
 * both API names, both base URLs. The URL toast already says "valid URLs", so a URL the API
 * would refuse (not absolute http(s)) is caught here too instead of after a round trip.
 */
const INVALID_BASE_URL = 'A base URL must be an absolute URL starting with http:// or https://';

/** A typed base URL that is not one (an empty one is "missing", said on Generate). */
export function baseUrlProblem(
  connection: Pick<ConnectionForm, 'baseUrl' | 'placeholders'>,
): string | undefined {
  return connection.baseUrl.trim() !== '' && !isHttpUrl(effectiveBaseUrl(connection))
    ? INVALID_BASE_URL
    : undefined;
}

export function formProblems(form: IntegrationForm): FormProblem[] {
  const problems: FormProblem[] = [];
  if (form.prompt.trim().length < PROMPT_MIN_LENGTH) {
    problems.push({
      title: 'Missing prompt',
      message: `Please describe your integration (minimum ${PROMPT_MIN_LENGTH} characters)`,
      fields: ['prompt'],
    });
  }
  const overLimit = promptOverLimit(form.prompt);
  if (overLimit > 0) {
    problems.push({
      title: 'Description too long',
      message: `Please shorten the description to ${PROMPT_MAX_LENGTH} characters (${overLimit} too many)`,
      fields: ['prompt'],
    });
  }
  const missingNames = (['source', 'destination'] as const).filter(
    (side) => form[side].apiName.trim() === '',
  );
  if (missingNames.length > 0) {
    problems.push({
      title: 'Missing API details',
      message: 'Please configure both source and destination APIs',
      fields: missingNames.map((side) => `${side}.apiName`),
    });
  }
  const sides = ['source', 'destination'] as const;
  const missingUrls = sides.filter((side) => form[side].baseUrl.trim() === '');
  if (missingUrls.length > 0) {
    problems.push({
      title: 'Missing URLs',
      message: 'Please enter valid URLs for both APIs',
      fields: missingUrls.map((side) => `${side}.baseUrl`),
    });
  }
  const invalidUrls = sides.filter((side) => baseUrlProblem(form[side]) !== undefined);
  if (invalidUrls.length > 0) {
    problems.push({
      title: 'Invalid URL',
      message: INVALID_BASE_URL,
      fields: invalidUrls.map((side) => `${side}.baseUrl`),
    });
  }
  problems.push(...placeholderProblems(form.source, 'source'));
  problems.push(...placeholderProblems(form.destination, 'destination'));
  const badOAuthUrls = (['source', 'destination'] as const).flatMap((side) => {
    const connection = form[side];
    if (connection.authType !== 'oauth') return [];
    return (['tokenUrl', 'authorizeUrl', 'revokeUrl', 'userinfoUrl'] as const)
      .filter((key) => connection[key].trim() !== '' && !isHttpUrl(connection[key]))
      .map((key) => `${side}.${key}`);
  });
  if (badOAuthUrls.length > 0) {
    problems.push({
      title: 'Invalid OAuth URL',
      message: 'OAuth 2.0 URLs must be absolute http(s) URLs',
      fields: badOAuthUrls,
    });
  }
  return problems;
}

/** ADR 031: a `{placeholder}` left in a base URL, named, marked on its own field. */
export function placeholderProblems(
  connection: ConnectionForm,
  side: 'source' | 'destination',
): FormProblem[] {
  const left = urlPlaceholders(effectiveBaseUrl(connection));
  if (left.length === 0) return [];
  return [
    {
      title: 'Fill in the base URL',
      message: `Enter a value for ${left.map((name) => `{${name}}`).join(', ')} in the ${side} base URL`,
      fields: left.map((name) => placeholderField(side, name)),
    },
  ];
}

/** The Generate button is enabled only when nothing above is wrong. */
export function canGenerate(form: IntegrationForm): boolean {
  return formProblems(form).length === 0;
}

const SIDE_LABELS = { source: 'Source', destination: 'Destination' } as const;

/**
 * What is still missing before Generate Code works, as short items to show next to
 * the button. Derived from formProblems (one source of the rules): one item per field it marks.
 */
export function missingForGeneration(form: IntegrationForm): string[] {
  return formProblems(form).flatMap((problem) =>
    problem.fields.map((name) => fieldGap(form, name)),
  );
}

function fieldGap(form: IntegrationForm, name: string): string {
  if (name === 'prompt' && promptOverLimit(form.prompt) > 0) {
    return `A description of at most ${PROMPT_MAX_LENGTH} characters (${promptOverLimit(form.prompt)} fewer)`;
  }
  if (name === 'prompt') {
    const short = PROMPT_MIN_LENGTH - form.prompt.trim().length;
    return `A description of at least ${PROMPT_MIN_LENGTH} characters (${short} more)`;
  }
  const [side, key, placeholder] = name.split('.') as ['source' | 'destination', string, string?];
  const label = SIDE_LABELS[side];
  if (key === 'placeholder') return `${label} base URL: a value for {${placeholder ?? ''}}`;
  switch (key) {
    case 'apiName':
      return `${label} API name`;
    case 'baseUrl':
      return `${label} base URL (http:// or https://)`;
    case 'tokenUrl':
      return `${label} token URL (http:// or https://)`;
    case 'authorizeUrl':
      return `${label} authorize URL (http:// or https://)`;
    case 'revokeUrl':
      return `${label} revocation URL (http:// or https://)`;
    case 'userinfoUrl':
      return `${label} UserInfo URL (http:// or https://)`;
    default:
      return `${label} ${key}`;
  }
}

/**
 * Credentials the chosen auth types need but the form does not have yet. Generating
 * does not need them (the code never sees a secret), tests and runs do, so this is advice next to
 * the button, not a rule of formProblems.
 */
export function missingCredentials(form: IntegrationForm): string[] {
  return (['source', 'destination'] as const).flatMap((side) => {
    const connection = form[side];
    const secret = secretLabel(connection);
    const gaps: string[] = [];
    if (
      connection.authType === 'basic' &&
      connection.basicSecretIn === 'password' &&
      connection.username.trim() === ''
    )
      gaps.push(`${SIDE_LABELS[side]} Username`);
    const mode = connection.authType === 'oauth' ? connection.oauthMode : null;
    if (mode === 'client_credentials' && connection.clientId.trim() === '')
      gaps.push(`${SIDE_LABELS[side]} Client ID`);
    if (mode === 'authorization_code') {
      // The secret is optional (an operator's app); a connected account is what runs need.
      gaps.push(`${SIDE_LABELS[side]} connected account (Connect your account)`);
      return gaps;
    }
    if (secret && connection.secret === '') gaps.push(`${SIDE_LABELS[side]} ${secret}`);
    return gaps;
  });
}

/** The non-secret half of the auth settings (ZAuthConfig), or undefined when there is none. */
export function authConfig(connection: ConnectionForm): TAuthConfig | undefined {
  switch (connection.authType) {
    case 'api-key': {
      const name =
        connection.keyName.trim() ||
        (connection.keyLocation === 'header' ? DEFAULT_KEY_HEADER : DEFAULT_KEY_QUERY_PARAM);
      return { in: connection.keyLocation, name };
    }
    case 'basic':
      return connection.basicSecretIn === 'username'
        ? { secretIn: 'username' }
        : { username: connection.username };
    case 'oauth': {
      const optional = (
        key: 'authorizeUrl' | 'tokenUrl' | 'revokeUrl' | 'userinfoUrl' | 'clientId' | 'scope',
      ) => {
        const value = connection[key].trim();
        return value ? { [key]: value } : {};
      };
      // The catalog supplies endpoints and scopes a connection leaves empty.
      if (connection.oauthMode === 'authorization_code') {
        return {
          grant: 'authorization_code',
          ...optional('authorizeUrl'),
          ...optional('tokenUrl'),
          ...optional('revokeUrl'),
          ...optional('userinfoUrl'),
          ...optional('scope'),
          ...optional('clientId'),
        };
      }
      // An access token is pasted as the secret and sent as a bearer token.
      if (connection.oauthMode === 'access_token' || connection.tokenUrl.trim() === '')
        return undefined;
      return {
        grant: 'client_credentials',
        tokenUrl: connection.tokenUrl.trim(),
        clientId: connection.clientId.trim(),
        ...optional('scope'),
      };
    }
    default:
      return undefined;
  }
}

/** The secret to store, or undefined when the auth type has none or the box is empty. */
function secretOf(connection: ConnectionForm): string | undefined {
  if (connection.authType === 'none' || connection.secret === '') return undefined;
  return connection.secret;
}

/** POST /api/integrations: the form's fields plus the auth settings. */
export function toCreateRequest(form: IntegrationForm): TCreateIntegrationRequest {
  const sourceConfig = authConfig(form.source);
  const destConfig = authConfig(form.destination);
  const sourceSecret = secretOf(form.source);
  const destSecret = secretOf(form.destination);
  return {
    name: form.name.trim() || DEFAULT_INTEGRATION_NAME,
    userPrompt: form.prompt.trim(),
    sourceApiName: form.source.apiName.trim(),
    sourceApiUrl: effectiveBaseUrl(form.source),
    sourceAuthType: form.source.authType,
    ...(sourceConfig ? { sourceAuthConfig: sourceConfig } : {}),
    ...(sourceSecret !== undefined ? { sourceApiKeyEncrypted: sourceSecret } : {}),
    destApiName: form.destination.apiName.trim(),
    destApiUrl: effectiveBaseUrl(form.destination),
    destAuthType: form.destination.authType,
    ...(destConfig ? { destAuthConfig: destConfig } : {}),
    ...(destSecret !== undefined ? { destApiKeyEncrypted: destSecret } : {}),
    ...descriptionChoices(form),
  };
}

/** Each side's description choice; 'auto' is the API's default, so it is left out. */
function descriptionChoices(
  form: IntegrationForm,
): Pick<TCreateIntegrationRequest, 'sourceDescription' | 'destDescription'> {
  return {
    ...(form.source.description.kind !== 'auto'
      ? { sourceDescription: form.source.description }
      : {}),
    ...(form.destination.description.kind !== 'auto'
      ? { destDescription: form.destination.description }
      : {}),
  };
}

/** POST /api/integrations/generate: never a credential, since the code never sees one. */
export function toGenerateRequest(form: IntegrationForm): TGenerateRequest {
  return {
    sourceApiName: form.source.apiName.trim(),
    sourceApiUrl: effectiveBaseUrl(form.source),
    sourceAuthType: form.source.authType,
    destApiName: form.destination.apiName.trim(),
    destApiUrl: effectiveBaseUrl(form.destination),
    destAuthType: form.destination.authType,
    userPrompt: form.prompt.trim(),
    ...descriptionChoices(form),
  };
}

/**
 * "Generate again": the generate request for a saved integration with a refined
 * description. Each side keeps the description it uses: one matched from the name and URL is
 * matched again, a chosen catalog entry is named, an imported document is sent back (the
 * integration only says that there is one, so the caller passes the document), none stays none.
 */
export function toRegenerateRequest(
  integration: TIntegration,
  userPrompt: string,
  imported: { source?: TApiDescription | null; destination?: TApiDescription | null },
): TGenerateRequest {
  const sourceDescription = descriptionChoiceOf(integration.sourceDescription, imported.source);
  const destDescription = descriptionChoiceOf(integration.destDescription, imported.destination);
  return {
    sourceApiName: integration.sourceApiName,
    sourceApiUrl: integration.sourceApiUrl,
    sourceAuthType: integration.sourceAuthType,
    destApiName: integration.destApiName,
    destApiUrl: integration.destApiUrl,
    destAuthType: integration.destAuthType,
    userPrompt: userPrompt.trim(),
    ...(sourceDescription ? { sourceDescription } : {}),
    ...(destDescription ? { destDescription } : {}),
  };
}

/**
 * The choice that keeps the description a saved side uses: one matched from the name and URL
 * is matched again (undefined: the default), a chosen catalog entry is named, an imported
 * document is sent back (the integration only says there is one, so the caller passes it),
 * none stays none.
 */
export function descriptionChoiceOf(
  inUse: TDescriptionInUse | null,
  document: TApiDescription | null | undefined,
): TDescriptionChoice | undefined {
  if (inUse === null) return { kind: 'none' };
  if (inUse.how === 'matched') return undefined;
  if (inUse.kind === 'catalog' && inUse.id) return { kind: 'catalog', id: inUse.id };
  return document ? { kind: 'imported', description: document } : undefined;
}

type SideKey = 'source' | 'dest';
const sideKey = (side: 'source' | 'destination'): SideKey =>
  side === 'source' ? 'source' : 'dest';

/**
 * The Edit connection panel's starting values (ADR 031): one side as saved. The secret box
 * starts empty, since a credential is write-only; empty keeps the saved one.
 */
export function connectionFromIntegration(
  integration: TIntegration,
  side: 'source' | 'destination',
  importedDocument?: TApiDescription | null,
): ConnectionForm {
  const key = sideKey(side);
  const config = integration[`${key}AuthConfig`];
  const authType = integration[`${key}AuthType`];
  const oauthMode: OAuthMode =
    config.grant === 'authorization_code'
      ? 'authorization_code'
      : config.grant === 'client_credentials' || config.tokenUrl
        ? 'client_credentials'
        : authType === 'oauth'
          ? 'access_token'
          : 'authorization_code';
  return {
    ...emptyConnection(),
    apiName: integration[`${key}ApiName`],
    baseUrl: integration[`${key}ApiUrl`],
    authType,
    keyLocation: config.in ?? 'header',
    keyName: config.name ?? '',
    username: config.username ?? '',
    tokenUrl: config.tokenUrl ?? '',
    clientId: config.clientId ?? '',
    scope: config.scope ?? '',
    oauthMode,
    authorizeUrl: config.authorizeUrl ?? '',
    revokeUrl: config.revokeUrl ?? '',
    userinfoUrl: config.userinfoUrl ?? '',
    description:
      descriptionChoiceOf(integration[`${key}Description`], importedDocument) ??
      ({ kind: 'auto' } as const),
  };
}

/**
 * PUT /api/integrations/:id for one side from the Edit connection panel: name, base URL (its
 * placeholders filled), auth type and settings; the secret only when one was typed (replace) or
 * `clearSecret` (remove); the description only when the user changed it.
 */
export function toConnectionUpdate(
  form: ConnectionForm,
  initial: ConnectionForm,
  side: 'source' | 'destination',
  clearSecret: boolean,
): TUpdateIntegrationRequest {
  const key = sideKey(side);
  const secret = clearSecret ? '' : secretOf(form);
  const descriptionChanged =
    JSON.stringify(form.description) !== JSON.stringify(initial.description);
  return {
    [`${key}ApiName`]: form.apiName.trim(),
    [`${key}ApiUrl`]: effectiveBaseUrl(form),
    [`${key}AuthType`]: form.authType,
    [`${key}AuthConfig`]: authConfig(form) ?? {},
    ...(secret !== undefined ? { [`${key}ApiKeyEncrypted`]: secret } : {}),
    ...(descriptionChanged ? { [`${key}Description`]: form.description } : {}),
  };
}

/** What the Edit connection panel refuses to save: the create form's rules for one side. */
export function connectionProblems(
  form: ConnectionForm,
  side: 'source' | 'destination',
): FormProblem[] {
  const problems: FormProblem[] = [];
  if (form.apiName.trim() === '')
    problems.push({
      title: 'Missing API name',
      message: 'Enter the API name',
      fields: [`${side}.apiName`],
    });
  if (!isHttpUrl(effectiveBaseUrl(form)))
    problems.push({
      title: form.baseUrl.trim() === '' ? 'Missing URL' : 'Invalid URL',
      message: 'Enter an absolute http:// or https:// URL',
      fields: [`${side}.baseUrl`],
    });
  problems.push(...placeholderProblems(form, side));
  return problems;
}

/** Whether the side as saved needs a credential it does not have (the review page's notice). */
export function lacksCredential(
  integration: TIntegration,
  side: 'source' | 'destination',
): boolean {
  const key = sideKey(side);
  return (
    credentialNeed(integration[`${key}AuthType`], integration[`${key}AuthConfig`]) === 'secret' &&
    !integration[`${key}ApiKeySet`]
  );
}

/** The label of the secret field for an auth type; null when the type has no secret. */
export function secretLabel(
  connection: Pick<ConnectionForm, 'authType' | 'tokenUrl' | 'oauthMode' | 'basicSecretIn'>,
): string | null {
  switch (connection.authType) {
    case 'api-key':
      return 'API Key';
    case 'bearer':
      return 'Bearer Token';
    case 'basic':
      return connection.basicSecretIn === 'username'
        ? 'API Key (sent as the username)'
        : 'Password';
    case 'oauth':
      if (connection.oauthMode === 'authorization_code') return 'Client Secret (your own app)';
      return connection.oauthMode === 'client_credentials' && connection.tokenUrl.trim()
        ? 'Client Secret'
        : 'Access Token';
    case 'none':
      return null;
  }
}

/** How many operations a description lists, over all its resources. */
export function operationCount(description: TApiDescription): number {
  return description.resources.reduce((count, resource) => count + resource.operations.length, 0);
}

/**
 * What picking a catalog entry in the API Name combobox fills in: the name, the
 * base URL and the auth type of the entry's first scheme, with an API key's header or query
 * name and a basic-auth entry's fixed user name when the scheme gives them. The secret is left
 * alone, and the entry becomes this side's description.
 */
export function connectionFromCatalog(description: TApiDescription): Partial<ConnectionForm> {
  const patch: Partial<ConnectionForm> = {
    apiName: description.name,
    baseUrl: description.baseUrl,
    description: { kind: 'catalog', id: description.id },
  };
  const scheme = description.auth.schemes[0];
  if (!scheme) return patch;
  patch.authType = scheme.type;
  if (scheme.type === 'api-key') {
    patch.keyLocation = scheme.in;
    patch.keyName = scheme.name;
  }
  if (scheme.type === 'basic' && scheme.secretIn === 'username') patch.basicSecretIn = 'username';
  // A provider with a browser sign-in connects an account (its endpoints come from the
  // catalog); one that only offers the client-credentials grant needs its token URL.
  if (scheme.type === 'oauth') {
    patch.oauthMode = defaultOAuthGrant(description);
    if (patch.oauthMode === 'client_credentials') patch.tokenUrl = scheme.tokenUrl;
  }
  return patch;
}
