import { Alert, Button, Group, Modal, Stack, Tabs, Text, TextInput, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import {
  isHttpUrl,
  ZImportResponse,
  type TImportRequest,
  type TImportResponse,
} from '@patchbay/schema';
import { useState, type FormEvent } from 'react';
import { apiPath } from '@patchbay/schema/api-routes';
import { errorMessage } from '../../../../lib/api-client.ts';
import { apiJson } from '../../../../lib/api-json.ts';

type ImportSource = 'url' | 'paste';

interface ImportDescriptionDialogProps {
  opened: boolean;
  /** "Source" or "Destination", for the title. */
  sideTitle: string;
  /** The connection's Base URL, for a document that names no absolute server. */
  baseUrl: string;
  onClose: () => void;
  onImported: (result: TImportResponse) => void;
}

/**
 * "Import an OpenAPI document" for one side, by URL (fetched by a worker
 * through the sandbox's network guard) or pasted as JSON or YAML. The API distils it into a
 * description and saves nothing; the form keeps it as that side's choice until the
 * integration is created. A document the API cannot use is explained here, in its words.
 */
export function ImportDescriptionDialog({
  opened,
  sideTitle,
  baseUrl,
  onClose,
  onImported,
}: ImportDescriptionDialogProps) {
  const [source, setSource] = useState<ImportSource>('url');
  const [url, setUrl] = useState('');
  const [pasted, setPasted] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const importDocument = useMutation({
    mutationFn: (request: TImportRequest) =>
      apiJson('POST', apiPath('catalogImport'), ZImportResponse, request),
    onSuccess: (result) => {
      onImported(result);
      close();
    },
  });

  function close() {
    importDocument.reset();
    setProblem(null);
    onClose();
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits in a portal, but React still bubbles its submit to the Create form.
    event.stopPropagation();
    setProblem(null);
    importDocument.reset();
    const withBase = isHttpUrl(baseUrl) ? { baseUrl: baseUrl.trim() } : {};
    if (source === 'url') {
      if (!isHttpUrl(url)) {
        setProblem('Enter the document’s http or https URL.');
        return;
      }
      importDocument.mutate({ url: url.trim(), ...withBase });
      return;
    }
    if (pasted.trim() === '') {
      setProblem('Paste an OpenAPI 3 or Swagger 2 document, as JSON or YAML.');
      return;
    }
    importDocument.mutate({ document: pasted, ...withBase });
  };

  const failure = importDocument.isError
    ? errorMessage(importDocument.error, 'The document could not be imported')
    : problem;

  return (
    <Modal
      opened={opened}
      onClose={close}
      size="lg"
      title={`Import an OpenAPI document (${sideTitle})`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Import an OpenAPI document">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            For an API the catalog does not know, or your own: generation and the editor then work
            from its paths and fields. OpenAPI 3.x or Swagger 2.0, JSON or YAML.
          </Text>
          <Tabs value={source} onChange={(next) => setSource((next as ImportSource) ?? 'url')}>
            <Tabs.List>
              <Tabs.Tab value="url">By URL</Tabs.Tab>
              <Tabs.Tab value="paste">Paste</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="url" pt="md">
              <TextInput
                label="Document URL"
                type="url"
                placeholder="https://api.example.com/openapi.json"
                value={url}
                onChange={(event) => setUrl(event.currentTarget.value)}
                data-autofocus
              />
            </Tabs.Panel>
            <Tabs.Panel value="paste" pt="md">
              <Textarea
                label="Document"
                placeholder={'openapi: 3.0.3\ninfo:\n  title: …'}
                autosize
                minRows={8}
                maxRows={16}
                value={pasted}
                onChange={(event) => setPasted(event.currentTarget.value)}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              />
            </Tabs.Panel>
          </Tabs>
          {failure && (
            <Alert color="red" variant="light" title="Not imported" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={importDocument.isPending}>
              Import
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
