import {
  Alert,
  Button,
  Group,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SIGNATURE_SCHEMES, type TIntegration, type TWebhookSignature } from '@patchbay/schema';
import { useState } from 'react';
import { z } from 'zod';
import { apiPath } from '@patchbay/schema/api-routes';
import { apiJson } from '../../../../../lib/api-json.ts';
import { failureToast } from '../../../../../lib/failure-toast.ts';
import { invalidateIntegration } from '../../../../../lib/queries/integrations.ts';
import { toast } from '../../../../../lib/toast.ts';
import type { TriggerDraft } from './trigger-form.ts';
import { CopyTextButton } from '../../../../../components/copy-text-button.tsx';

const SCHEME_LABELS: Record<TWebhookSignature['scheme'], string> = {
  stripe: 'Stripe (Stripe-Signature, with timestamp)',
  github: 'GitHub (X-Hub-Signature-256)',
  shopify: 'Shopify (X-Shopify-Hmac-Sha256)',
  slack: 'Slack (signing secret, with timestamp)',
  'hmac-sha256': 'Generic HMAC-SHA256 (your header)',
  none: 'None (not verified)',
};

const ZRotated = z.object({ url: z.string() });

/**
 * The webhook's URL (copy, rotate), how its signature is checked and the signing
 * secret, write-only like every credential (ADR 009). The URL exists once the webhook trigger
 * is saved.
 */
export function WebhookSettings({
  integration,
  draft,
  onChange,
}: {
  integration: TIntegration;
  draft: TriggerDraft;
  onChange: (changes: Partial<TriggerDraft>) => void;
}) {
  const { signature } = draft;
  const webhook = integration.webhook;
  return (
    <Stack gap="sm">
      {webhook ? (
        <WebhookUrl integrationId={integration.id} url={webhook.url} />
      ) : (
        <Text size="sm" c="dimmed">
          Save the trigger to get this integration&apos;s webhook URL.
        </Text>
      )}
      <Group gap="sm" align="flex-start">
        <Select
          label="Signature check"
          size="xs"
          w={300}
          allowDeselect={false}
          data={SIGNATURE_SCHEMES.map((scheme) => ({
            value: scheme,
            label: SCHEME_LABELS[scheme],
          }))}
          value={signature.scheme}
          onChange={(scheme) => {
            if (!scheme) return;
            onChange({
              signature:
                scheme === 'hmac-sha256'
                  ? {
                      scheme,
                      header: signature.header ?? '',
                      encoding: signature.encoding ?? 'hex',
                    }
                  : { scheme: scheme as TWebhookSignature['scheme'] },
            });
          }}
        />
        {signature.scheme === 'hmac-sha256' && (
          <>
            <TextInput
              label="Signature header"
              size="xs"
              w={200}
              placeholder="X-Signature"
              value={signature.header ?? ''}
              onChange={(event) =>
                onChange({ signature: { ...signature, header: event.currentTarget.value } })
              }
            />
            <Select
              label="Encoding"
              size="xs"
              w={120}
              allowDeselect={false}
              data={[
                { value: 'hex', label: 'Hex' },
                { value: 'base64', label: 'Base64' },
              ]}
              value={signature.encoding ?? 'hex'}
              onChange={(encoding) => {
                if (encoding === 'hex' || encoding === 'base64')
                  onChange({ signature: { ...signature, encoding } });
              }}
            />
          </>
        )}
        {signature.scheme !== 'none' && (
          <PasswordInput
            label="Signing secret"
            size="xs"
            w={260}
            autoComplete="off"
            description={
              webhook?.signingSecretSet
                ? `Set (${webhook.signingSecretHint ?? 'hidden'}); type a new one to replace it`
                : 'From the provider’s webhook settings'
            }
            value={draft.signingSecret}
            onChange={(event) => onChange({ signingSecret: event.currentTarget.value })}
          />
        )}
      </Group>
      {signature.scheme === 'none' ? (
        <Alert
          variant="light"
          color="orange"
          title="Deliveries are not verified"
          icon={<IconAlertTriangle size={16} aria-hidden="true" />}
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          Without a signature check, anyone who learns the URL can start runs with any event. Pick
          the provider&apos;s scheme and set its signing secret when it signs its webhooks.
        </Alert>
      ) : (
        webhook &&
        !webhook.signingSecretSet &&
        !draft.signingSecret && (
          <Text size="xs" c="var(--mantine-color-error)">
            No signing secret yet: every delivery is refused with 401 until one is set.
          </Text>
        )
      )}
    </Stack>
  );
}

/** A host only this machine can reach: a provider on the internet could never deliver there. */
export function isLoopbackUrl(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return (
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      /^127\./.test(host) ||
      host === '::1' ||
      host === '0.0.0.0'
    );
  } catch {
    return false;
  }
}

function WebhookUrl({ integrationId, url }: { integrationId: string; url: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => apiJson('POST', apiPath('webhookRotate', { id: integrationId }), ZRotated),
    onSuccess: async () => {
      setConfirming(false);
      toast({
        title: 'Webhook URL rotated',
        message: 'The old URL answers 404 from now on: give the provider the new one.',
      });
      await invalidateIntegration(queryClient, integrationId);
    },
    onError: failureToast('Rotation failed', 'The webhook URL was not changed.'),
  });

  return (
    <Stack gap={4}>
      {/* On a phone the buttons wrap under the URL with their whole labels. */}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label="Webhook URL"
          description="Give this to the provider; it accepts POST requests"
          size="xs"
          readOnly
          value={url}
          ff="monospace"
          style={{ flex: '1 1 260px', maxWidth: 620, minWidth: 0 }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyTextButton value={url} label="Copy URL" />
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden="true" />}
          onClick={() => setConfirming(true)}
        >
          Rotate URL
        </Button>
      </Group>
      {isLoopbackUrl(url) && (
        <Text size="sm" c="orange" data-testid="webhook-url-loopback">
          This URL is on {new URL(url).host}, which only this machine can reach: no provider can
          deliver to it. Set APP_URL to Patchbay&apos;s public address (or a tunnel to it).
        </Text>
      )}
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Rotate the webhook URL?"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Text size="sm">
          A new URL replaces this one, and the old URL answers 404 at once: deliveries the provider
          sends there are lost until you give it the new URL.
        </Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button color="red" loading={rotate.isPending} onClick={() => rotate.mutate()}>
            Rotate URL
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
