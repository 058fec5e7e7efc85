import {
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { AUTH_TYPE_LABELS, AUTH_TYPES, urlPlaceholders, type TAuthType } from '@patchbay/schema';
import {
  baseUrlProblem,
  DEFAULT_KEY_HEADER,
  DEFAULT_KEY_QUERY_PARAM,
  placeholderField,
  secretLabel,
  type BasicSecretIn,
  type ConnectionForm,
  type KeyLocation,
  type OAuthMode,
} from '../../../../lib/integration-form.ts';
import { ApiNameField } from './api-name-field.tsx';
import { ApiVersionField } from './api-version-field.tsx';
import { DescriptionChoice } from './description-choice.tsx';

const AUTH_TYPE_OPTIONS = AUTH_TYPES.map((value) => ({ value, label: AUTH_TYPE_LABELS[value] }));

interface ConnectionCardProps {
  side: 'source' | 'destination';
  value: ConnectionForm;
  onChange: (patch: Partial<ConnectionForm>) => void;
  /** Field errors keyed `source.apiName` and so on. */
  errors: Record<string, string>;
  disabled: boolean;
  /** 'Connect your account' for the authorization-code grant (saves a draft first). */
  onConnect?: () => void;
  connecting?: boolean;
  /** What Connect your account does first (the create form saves a draft). */
  connectHint?: string;
  /**
   * Editing a saved side (ADR 031): its credential, write-only, shown by its last characters;
   * the secret box replaces it, and `clearSecret` removes it.
   */
  saved?: {
    secretSet: boolean;
    secretHint: string | null;
    clearSecret: boolean;
    onClearSecretChange: (clear: boolean) => void;
  };
  /** The heading level: 2 on the create form, 3 inside the review page's panel. */
  headingOrder?: 2 | 3;
}

/**
 * One API's connection on the Create Integration page: API Name, Base URL, the masked API Key
 * with the note that credentials are encrypted, and Auth Type (API Key by default) with the
 * settings each type needs. Only the secret is encrypted; header names, user names and OAuth
 * endpoints are plain settings (ZAuthConfig).
 */
export function ConnectionCard({
  side,
  value,
  onChange,
  errors,
  disabled,
  onConnect,
  connecting,
  connectHint,
  saved,
  headingOrder = 2,
}: ConnectionCardProps) {
  const title = side === 'source' ? 'Source' : 'Destination';
  const field = (name: keyof ConnectionForm) => `${side}.${name}`;
  const secret = secretLabel(value);
  const headingId = `${side}-title`;
  const placeholders = urlPlaceholders(value.baseUrl);
  const secretSaved = saved?.secretSet === true && secret !== null;
  const [urlError, setUrlError] = useState<string | undefined>(undefined);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={headingOrder} size="h4" id={headingId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {side === 'source' ? 'The API the data comes from.' : 'The API the data goes to.'}
          </Text>
        </div>
        <ApiNameField
          side={side}
          value={value}
          onChange={onChange}
          error={errors[field('apiName')]}
          disabled={disabled}
        />
        <ApiVersionField side={side} value={value} onChange={onChange} disabled={disabled} />
        <DescriptionChoice
          side={side}
          sideTitle={title}
          value={value}
          onChange={onChange}
          disabled={disabled}
        />
        <TextInput
          label="Base URL"
          name={field('baseUrl')}
          type="url"
          placeholder={side === 'source' ? 'https://api.stripe.com' : 'https://api.hubapi.com'}
          required
          value={value.baseUrl}
          onChange={(event) => {
            setUrlError(undefined);
            onChange({ baseUrl: event.currentTarget.value });
          }}
          // A malformed URL says so as soon as the user leaves the field. The message takes the
          // place of the hint line that is always there, so nothing below moves: a click on
          // Generate that blurred the field still lands on the button. {placeholders} have
          // their own fields below, checked on Generate.
          onBlur={() =>
            setUrlError(
              baseUrlProblem({
                baseUrl: value.baseUrl.replace(/\{[^}]*\}/g, 'x'),
                placeholders: {},
              }),
            )
          }
          error={errors[field('baseUrl')] ?? (urlError !== undefined || undefined)}
          disabled={disabled}
          description={
            urlError !== undefined && errors[field('baseUrl')] === undefined ? (
              <Text component="span" size="xs" c="var(--mantine-color-error)">
                {urlError}
              </Text>
            ) : placeholders.length > 0 ? (
              `Fill in ${placeholders.map((name) => `{${name}}`).join(', ')} below.`
            ) : (
              'Where the API’s paths start, as its reference gives it.'
            )
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        {/* ADR 031: a catalog base URL's {shop}, {region} or {subdomain} is the user's own. */}
        {placeholders.map((name) => (
          <TextInput
            key={name}
            label={`Your ${name.replace(/[_-]+/g, ' ')}`}
            name={placeholderField(side, name)}
            description={`Replaces {${name}} in the base URL.`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            autoComplete="off"
            value={value.placeholders[name] ?? ''}
            onChange={(event) =>
              onChange({
                placeholders: { ...value.placeholders, [name]: event.currentTarget.value },
              })
            }
            error={errors[placeholderField(side, name)]}
            disabled={disabled}
          />
        ))}
        <NativeSelect
          label="Auth Type"
          name={field('authType')}
          data={AUTH_TYPE_OPTIONS}
          value={value.authType}
          onChange={(event) => onChange({ authType: event.currentTarget.value as TAuthType })}
          disabled={disabled}
        />
        <AuthSettings
          side={side}
          value={value}
          onChange={onChange}
          errors={errors}
          disabled={disabled}
          {...(onConnect ? { onConnect } : {})}
          connecting={connecting ?? false}
          {...(connectHint ? { connectHint } : {})}
        />
        {secret !== null ? (
          <Stack gap={6}>
            <PasswordInput
              label={secretSaved ? `Replace the ${secret}` : secret}
              name={field('secret')}
              autoComplete="new-password"
              value={value.secret}
              onChange={(event) => onChange({ secret: event.currentTarget.value })}
              disabled={disabled || saved?.clearSecret === true}
              description={
                <Group gap={4} component="span" wrap="nowrap">
                  <IconLock size={12} aria-hidden="true" />
                  {secretSaved
                    ? `Saved: ${saved.secretHint ?? 'set'}. Leave empty to keep it.`
                    : 'Credentials are encrypted and stored securely.'}
                </Group>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
            {secretSaved && (
              <Checkbox
                label={`Remove the saved ${secret}`}
                checked={saved.clearSecret}
                onChange={(event) => saved.onClearSecretChange(event.currentTarget.checked)}
                disabled={disabled}
              />
            )}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            Requests to this API are sent without credentials.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function AuthSettings({
  side,
  value,
  onChange,
  errors,
  disabled,
  onConnect,
  connecting,
  connectHint,
}: Omit<ConnectionCardProps, 'side'> & { side: string }) {
  switch (value.authType) {
    case 'api-key': {
      const inHeader = value.keyLocation === 'header';
      return (
        <Stack gap={6}>
          <Input.Wrapper label="Send the key as" labelElement="div" id={`${side}-key-location`}>
            <SegmentedControl
              role="radiogroup"
              aria-labelledby={`${side}-key-location-label`}
              data={[
                { value: 'header', label: 'Header' },
                { value: 'query', label: 'Query parameter' },
              ]}
              value={value.keyLocation}
              onChange={(location) => onChange({ keyLocation: location as KeyLocation })}
              disabled={disabled}
              fullWidth
            />
          </Input.Wrapper>
          <TextInput
            label={inHeader ? 'Header name' : 'Query parameter name'}
            name={`${side}.keyName`}
            placeholder={inHeader ? DEFAULT_KEY_HEADER : DEFAULT_KEY_QUERY_PARAM}
            description={`Default: ${inHeader ? DEFAULT_KEY_HEADER : DEFAULT_KEY_QUERY_PARAM}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={value.keyName}
            onChange={(event) => onChange({ keyName: event.currentTarget.value })}
            disabled={disabled}
            mt={6}
          />
        </Stack>
      );
    }
    case 'basic':
      return (
        <Stack gap={6}>
          <Input.Wrapper label="Send the key as" labelElement="div" id={`${side}-basic-secret`}>
            <SegmentedControl
              role="radiogroup"
              aria-labelledby={`${side}-basic-secret-label`}
              data={[
                { value: 'password', label: 'Password' },
                { value: 'username', label: 'Username (empty password)' },
              ]}
              value={value.basicSecretIn}
              onChange={(choice) => onChange({ basicSecretIn: choice as BasicSecretIn })}
              disabled={disabled}
              fullWidth
            />
          </Input.Wrapper>
          {value.basicSecretIn === 'password' ? (
            <TextInput
              label="Username"
              name={`${side}.username`}
              autoComplete="off"
              value={value.username}
              onChange={(event) => onChange({ username: event.currentTarget.value })}
              disabled={disabled}
            />
          ) : null}
        </Stack>
      );
    case 'oauth':
      return (
        <OAuthSettings
          side={side}
          value={value}
          onChange={onChange}
          errors={errors}
          disabled={disabled}
          onConnect={onConnect}
          connecting={connecting}
          connectHint={connectHint}
        />
      );
    default:
      return null;
  }
}

const OAUTH_MODES: Array<{ value: OAuthMode; label: string }> = [
  { value: 'authorization_code', label: 'Connect an account' },
  { value: 'client_credentials', label: 'Client credentials' },
  { value: 'access_token', label: 'Access token' },
];

/**
 * The OAuth 2.0 grant (ADR 024). Connecting an account (authorization code + PKCE) needs the
 * provider's endpoints, which the catalog supplies for the APIs it knows; the client id and
 * secret are the user's own app, or empty for the app an operator registered.
 */
function OAuthSettings({
  side,
  value,
  onChange,
  errors,
  disabled,
  onConnect,
  connecting,
  connectHint,
}: Omit<ConnectionCardProps, 'side'> & { side: string }) {
  const url = (
    key: 'authorizeUrl' | 'tokenUrl' | 'revokeUrl' | 'userinfoUrl',
    label: string,
    extra = {},
  ) => (
    <TextInput
      label={label}
      name={`${side}.${key}`}
      type="url"
      value={value[key]}
      onChange={(event) => onChange({ [key]: event.currentTarget.value })}
      error={errors[`${side}.${key}`]}
      disabled={disabled}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      {...extra}
    />
  );
  const mode = value.oauthMode;
  return (
    <Stack gap={6}>
      <Input.Wrapper label="OAuth 2.0 grant" labelElement="div" id={`${side}-oauth-mode`}>
        <SegmentedControl
          role="radiogroup"
          aria-labelledby={`${side}-oauth-mode-label`}
          data={OAUTH_MODES}
          value={mode}
          onChange={(next) => onChange({ oauthMode: next as OAuthMode })}
          disabled={disabled}
          fullWidth
        />
      </Input.Wrapper>
      {mode === 'authorization_code' && (
        <>
          <Text size="sm" c="dimmed">
            You sign in at the provider and allow access; Patchbay keeps the tokens encrypted and
            refreshes them before runs. For an API in the catalog, leave the URLs empty.
          </Text>
          {url('authorizeUrl', 'Authorize URL', {
            placeholder: 'https://auth.example.com/oauth/authorize',
          })}
          {url('tokenUrl', 'Token URL', { placeholder: 'https://auth.example.com/oauth/token' })}
          <TextInput
            label="Scopes"
            name={`${side}.scope`}
            placeholder="Space-separated; the catalog's when empty"
            value={value.scope}
            onChange={(event) => onChange({ scope: event.currentTarget.value })}
            disabled={disabled}
          />
          {url('revokeUrl', 'Revocation URL', {
            placeholder: 'Optional: Disconnect revokes the token there',
          })}
          {url('userinfoUrl', 'UserInfo URL', {
            placeholder: 'Optional: names the connected account',
          })}
          <TextInput
            label="Client ID (your own app)"
            name={`${side}.clientId`}
            autoComplete="off"
            description="Optional: empty uses the OAuth app your operator registered."
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            value={value.clientId}
            onChange={(event) => onChange({ clientId: event.currentTarget.value })}
            disabled={disabled}
          />
          {onConnect && (
            <Group>
              <Button
                variant="light"
                onClick={onConnect}
                loading={connecting ?? false}
                disabled={disabled}
              >
                Connect your account
              </Button>
              <Text size="xs" c="dimmed">
                {connectHint ??
                  "Saves the integration as a draft, then opens the provider's consent page."}
              </Text>
            </Group>
          )}
        </>
      )}
      {mode === 'client_credentials' && (
        <>
          {url('tokenUrl', 'Token URL', { placeholder: 'https://auth.example.com/oauth/token' })}
          <TextInput
            label="Client ID"
            name={`${side}.clientId`}
            autoComplete="off"
            value={value.clientId}
            onChange={(event) => onChange({ clientId: event.currentTarget.value })}
            disabled={disabled}
          />
          <TextInput
            label="Scope"
            name={`${side}.scope`}
            placeholder="Optional, space-separated"
            value={value.scope}
            onChange={(event) => onChange({ scope: event.currentTarget.value })}
            disabled={disabled}
          />
        </>
      )}
    </Stack>
  );
}
