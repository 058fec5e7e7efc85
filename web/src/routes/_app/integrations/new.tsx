import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { PENDING_PROMPT_KEY } from '../../../lib/auth.ts';
import { generationToast } from '../../../lib/generation-report.ts';
import { failureSides } from '../../../lib/failure-sentence.ts';
import {
  canGenerate,
  DEFAULT_INTEGRATION_NAME,
  emptyForm,
  formProblems,
  missingCredentials,
  missingForGeneration,
  PROMPT_MAX_LENGTH,
  promptCounter,
  promptOverLimit,
  type ConnectionForm,
  type IntegrationForm,
} from '../../../lib/integration-form.ts';
import { isTierLimitError } from '../../../lib/tier-limit.ts';
import { toast } from '../../../lib/toast.ts';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { ConnectionCard } from './-components/connection-card.tsx';
import { GenerationProgress } from './-components/generation-progress.tsx';
import { TierLimitDialog } from './-components/tier-limit-dialog.tsx';
import { useCreateIntegration } from './-components/use-create-integration.ts';

export const Route = createFileRoute('/_app/integrations/new')({
  component: CreateIntegrationPage,
});

/** ADR 006: the landing page leaves the visitor's prompt here for this page to pick up. */
function readPendingPrompt(): string {
  try {
    return sessionStorage.getItem(PENDING_PROMPT_KEY) ?? '';
  } catch {
    return '';
  }
}

/** The server's message, else 'Failed to generate code', else the generic advice. */
function generationFailureText(err: unknown): string {
  const message = errorMessage(err, '');
  if (message && !(err instanceof TypeError)) return message;
  return err instanceof ApiError
    ? 'Failed to generate code'
    : 'Please check your prompt and try again';
}

// Create Integration: the form, its checks, the create flow and its toasts.
function CreateIntegrationPage() {
  usePageMeta({
    title: 'Create Integration — Patchbay',
    description: 'Describe an integration and Patchbay writes its code.',
  });
  const navigate = useNavigate();
  const [form, setForm] = useState<IntegrationForm>(() => emptyForm(readPendingPrompt()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [limitOpen, setLimitOpen] = useState(false);
  const create = useCreateIntegration();
  const formRef = useRef<HTMLFormElement>(null);
  const pending = create.isPending;
  const ready = canGenerate(form);
  // The button says why it is disabled, from the same rules as the toasts.
  const missing = missingForGeneration(form);
  const credentials = missingCredentials(form);
  const { draftId } = create;

  // Read once (above), then cleared so it never comes back on a later visit.
  useEffect(() => {
    try {
      sessionStorage.removeItem(PENDING_PROMPT_KEY);
    } catch {
      // Blocked storage: nothing was read either.
    }
  }, []);

  const clearError = (name: string) =>
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest;
    });

  const updateConnection = (side: 'source' | 'destination') => (patch: Partial<ConnectionForm>) => {
    setForm((current) => ({ ...current, [side]: { ...current[side], ...patch } }));
    for (const key of Object.keys(patch)) clearError(`${side}.${key}`);
  };

  /** The toasts and field errors for what is wrong; true when nothing is. */
  const checkForm = (formElement: HTMLFormElement | null): boolean => {
    const problems = formProblems(form);
    const first = problems[0];
    if (!first) return true;
    // One toast at a time: the first rule that fails, in formProblems' order.
    toast({ title: first.title, message: first.message, variant: 'destructive' });
    const next: Record<string, string> = {};
    for (const problem of problems) for (const name of problem.fields) next[name] = problem.message;
    setErrors(next);
    formElement?.querySelector<HTMLElement>(`[name="${first.fields[0] ?? ''}"]`)?.focus();
    return false;
  };

  // Connecting an account needs the integration, so the form is saved as a draft.
  const connectAccount = (side: 'source' | 'destination') => () => {
    if (pending || create.connectAccount.isPending) return;
    if (!checkForm(formRef.current)) return;
    create.connectAccount.mutate(
      { form, side },
      {
        onError: (err) => {
          if (isTierLimitError(err)) {
            setLimitOpen(true);
            return;
          }
          toast({
            title: 'Could not connect',
            message: errorMessage(err, 'The connection could not start'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!checkForm(event.currentTarget)) return;
    create.mutate(form, {
      onSuccess: ({ integration, generated }) => {
        toast(generationToast(generated, failureSides(integration)));
        void navigate({ to: '/integrations/$id/review', params: { id: integration.id } });
      },
      onError: (err) => {
        if (isTierLimitError(err)) {
          setLimitOpen(true);
          return;
        }
        toast({
          title: '⚠ Error generating code',
          message: generationFailureText(err),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1}>Create Integration</Title>
        <Text c="dimmed">
          Describe what should happen in plain language, connect the two APIs, and Patchbay writes
          the JavaScript. You review, test and deploy it next.
        </Text>
      </Stack>

      <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Create Integration">
        <Stack gap="lg">
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <div>
                <Textarea
                  label="Describe your integration"
                  name="prompt"
                  description="What should move from the source to the destination, and how often? At least 20 characters."
                  inputWrapperOrder={['label', 'description', 'input', 'error']}
                  placeholder="Every 15 minutes, copy new customers from our billing API into the CRM as contacts, matched by email…"
                  required
                  autosize
                  minRows={4}
                  maxRows={12}
                  value={form.prompt}
                  onChange={(event) => {
                    const prompt = event.currentTarget.value;
                    setForm((current) => ({ ...current, prompt }));
                    clearError('prompt');
                  }}
                  error={
                    errors.prompt ??
                    (promptOverLimit(form.prompt) > 0
                      ? `${promptOverLimit(form.prompt)} characters over the ${PROMPT_MAX_LENGTH}-character limit: please shorten it.`
                      : undefined)
                  }
                  disabled={pending}
                  aria-describedby="prompt-counter"
                />
                <Text
                  size="xs"
                  c={promptOverLimit(form.prompt) > 0 ? 'red' : 'dimmed'}
                  ta="right"
                  mt={4}
                  id="prompt-counter"
                >
                  {promptCounter(form.prompt)}
                </Text>
              </div>
              <TextInput
                label="Integration name"
                name="name"
                description="Optional"
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                placeholder={DEFAULT_INTEGRATION_NAME}
                maxLength={120}
                value={form.name}
                onChange={(event) => {
                  const name = event.currentTarget.value;
                  setForm((current) => ({ ...current, name }));
                }}
                disabled={pending}
              />
            </Stack>
          </Paper>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <ConnectionCard
              side="source"
              value={form.source}
              onChange={updateConnection('source')}
              errors={errors}
              disabled={pending}
              onConnect={connectAccount('source')}
              connecting={create.connectAccount.isPending}
            />
            <ConnectionCard
              side="destination"
              value={form.destination}
              onChange={updateConnection('destination')}
              errors={errors}
              disabled={pending}
              onConnect={connectAccount('destination')}
              connecting={create.connectAccount.isPending}
            />
          </SimpleGrid>

          {create.step && <GenerationProgress step={create.step} />}

          {create.isError && draftId && !isTierLimitError(create.error) && (
            <Alert color="yellow" variant="light" title="Saved as a draft without code">
              The integration was created, but no code is attached yet. Generate again (it updates
              the same draft), or{' '}
              <Anchor
                renderRoot={(props) => (
                  <Link to="/integrations/$id/review" params={{ id: draftId }} {...props} />
                )}
                inherit
                underline="always"
              >
                open the draft
              </Anchor>{' '}
              and write the code yourself.
            </Alert>
          )}

          {/* Left-aligned: the toasts appear bottom right, where they would cover the button. */}
          <Group gap="sm">
            <Button
              type="submit"
              // Disabled until the rules hold and while pending. Until they hold it is only
              // marked disabled (aria-disabled), so a click or Enter still explains what is
              // missing with the form's toasts instead of doing nothing.
              disabled={pending}
              data-disabled={!ready || undefined}
              aria-disabled={!ready || pending}
              aria-describedby={missing.length > 0 ? 'generate-missing' : undefined}
              leftSection={
                pending ? <Loader size={16} color="currentColor" aria-hidden="true" /> : undefined
              }
            >
              Generate Code
            </Button>
            <Button variant="default" component={Link} to="/integrations">
              Cancel
            </Button>
          </Group>
          {missing.length > 0 && (
            <div id="generate-missing" data-testid="generate-missing">
              <Text size="sm" fw={500}>
                Still missing before Generate Code works:
              </Text>
              <List size="sm">
                {missing.map((item) => (
                  <List.Item key={item}>{item}</List.Item>
                ))}
              </List>
            </div>
          )}
          {credentials.length > 0 && (
            <Text size="sm" c="dimmed" data-testid="credentials-missing">
              Not needed to generate, but tests and runs need: {credentials.join(', ')}.
            </Text>
          )}
        </Stack>
      </form>

      <TierLimitDialog opened={limitOpen} onClose={() => setLimitOpen(false)} />
    </Stack>
  );
}
