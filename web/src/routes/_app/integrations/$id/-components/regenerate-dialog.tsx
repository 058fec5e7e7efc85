import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiDescription, TGenerateResponse, TIntegration } from '@patchbay/schema';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../../../lib/api-client.ts';
import { generationToast } from '../../../../../lib/generation-report.ts';
import { failureSides } from '../../../../../lib/failure-sentence.ts';
import {
  PROMPT_MAX_LENGTH,
  PROMPT_MIN_LENGTH,
  promptCounter,
  toRegenerateRequest,
} from '../../../../../lib/integration-form.ts';
import { invalidateIntegration } from '../../../../../lib/queries/integrations.ts';
import { toast } from '../../../../../lib/toast.ts';
import { GenerationProgress, type GenerationStep } from '../../-components/generation-progress.tsx';
import { generateIntoIntegration } from '../../-components/use-create-integration.ts';

interface RegenerateDialogProps {
  opened: boolean;
  onClose: () => void;
  integration: TIntegration;
  /** The documents of imported descriptions, sent back with the request. */
  imported: { source?: TApiDescription | null; destination?: TApiDescription | null };
  /** Unsaved edits in the editor would be replaced by the new code. */
  dirty: boolean;
  onGenerated: (integration: TIntegration, generated: TGenerateResponse) => void;
}

/**
 * A way to try again: refine the description and generate again on the same
 * integration. It is the create flow's generate-and-save step without the create, so no Free
 * slot is used; the new code becomes a version and the previous one stays in Versions.
 */
export function RegenerateDialog({
  opened,
  onClose,
  integration,
  imported,
  dirty,
  onGenerated,
}: RegenerateDialogProps) {
  const queryClient = useQueryClient();
  const [prompt, setPrompt] = useState(integration.userPrompt);
  const [step, setStep] = useState<GenerationStep | null>(null);
  const tooShort = prompt.trim().length < PROMPT_MIN_LENGTH;

  const regenerate = useMutation({
    mutationFn: (userPrompt: string) =>
      generateIntoIntegration(
        queryClient,
        integration.id,
        toRegenerateRequest(integration, userPrompt, imported),
        setStep,
        { userPrompt: userPrompt.trim() },
      ),
    onSuccess: async ({ integration: saved, generated }) => {
      toast(generationToast(generated, failureSides(saved)));
      onGenerated(saved, generated);
      onClose();
      await invalidateIntegration(queryClient, saved.id);
    },
    onSettled: () => setStep(null),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tooShort || dirty || regenerate.isPending) return;
    regenerate.mutate(prompt);
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!regenerate.isPending) onClose();
      }}
      title="Refine and generate again"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Refine and generate again">
        <Stack gap="md">
          <Text size="sm">
            Say more about what should happen: the endpoints, the fields to copy, what counts as
            new. The new code replaces the code in the editor and is saved as a version of this
            integration (the current code stays in Versions). It does not use another integration
            slot.
          </Text>
          <div>
            <Textarea
              label="Describe your integration"
              name="prompt"
              autosize
              minRows={4}
              maxRows={12}
              maxLength={PROMPT_MAX_LENGTH}
              value={prompt}
              onChange={(event) => setPrompt(event.currentTarget.value)}
              disabled={regenerate.isPending}
              error={
                tooShort
                  ? `Please describe your integration (minimum ${PROMPT_MIN_LENGTH} characters)`
                  : undefined
              }
              aria-describedby="regenerate-counter"
              data-autofocus
            />
            <Text size="xs" c="dimmed" ta="right" mt={4} id="regenerate-counter">
              {promptCounter(prompt)}
            </Text>
          </div>
          {dirty && (
            <Alert color="yellow" variant="light" title="Unsaved edits">
              Save or undo your edits to the code first: generating again replaces the code in the
              editor.
            </Alert>
          )}
          {step && <GenerationProgress step={step} />}
          {regenerate.isError && (
            <Alert color="red" variant="light" title="⚠ Error generating code" role="alert">
              {errorMessage(regenerate.error, 'Failed to generate code')} The code and description
              are unchanged.
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={regenerate.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={regenerate.isPending} disabled={tooShort || dirty}>
              Generate again
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
