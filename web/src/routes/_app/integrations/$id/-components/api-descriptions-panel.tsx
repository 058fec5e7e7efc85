import {
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import type { CheckResult, FoundCall } from '@patchbay/catalog/check-calls';
import type { TDescriptionInUse, TIntegration } from '@patchbay/schema';

type Side = 'source' | 'destination';

const HOW: Record<TDescriptionInUse['how'], string> = {
  matched: 'catalog, matched from the API name and Base URL',
  chosen: 'catalog, chosen by you',
  imported: 'your imported OpenAPI document',
};

interface ApiDescriptionsPanelProps {
  integration: Pick<TIntegration, 'sourceApiName' | 'destApiName'> & {
    sourceDescription: TDescriptionInUse | null;
    destDescription: TDescriptionInUse | null;
  };
  /** checkCalls over the editor's code. */
  check: CheckResult;
  onShowLine: (line: number, column?: number) => void;
}

/**
 * For each side, the API description in use and the operations the code
 * in the editor calls, each linking to the vendor's reference; then what the static check
 * found (also shown as markers in the editor). Updates as the user types.
 */
export function ApiDescriptionsPanel({
  integration,
  check,
  onShowLine,
}: ApiDescriptionsPanelProps) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="apis-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="apis-title">
          API descriptions
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SideColumn
            side="source"
            apiName={integration.sourceApiName}
            inUse={integration.sourceDescription}
            calls={check.calls.filter((call) => call.side === 'source')}
            onShowLine={onShowLine}
          />
          <SideColumn
            side="destination"
            apiName={integration.destApiName}
            inUse={integration.destDescription}
            calls={check.calls.filter((call) => call.side === 'destination')}
            onShowLine={onShowLine}
          />
        </SimpleGrid>
        {check.warnings.length > 0 && (
          <Stack gap={6} component="section" aria-labelledby="check-title">
            <Group gap={6}>
              <IconAlertTriangle
                size={16}
                aria-hidden="true"
                color="var(--mantine-color-yellow-text)"
              />
              <Title order={3} size="h5" id="check-title">
                {check.warnings.length} {check.warnings.length === 1 ? 'call' : 'calls'} the
                descriptions say may not work
              </Title>
            </Group>
            <List size="sm" spacing={4} aria-label="Static check warnings">
              {check.warnings.map((warning, index) => (
                <List.Item key={`${warning.line}:${warning.column}:${index}`}>
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    onClick={() => onShowLine(warning.line, warning.column)}
                  >
                    Line {warning.line}
                  </Button>{' '}
                  {warning.message}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

interface SideColumnProps {
  side: Side;
  apiName: string;
  inUse: TDescriptionInUse | null;
  calls: FoundCall[];
  onShowLine: (line: number, column?: number) => void;
}

function SideColumn({ side, apiName, inUse, calls, onShowLine }: SideColumnProps) {
  const title = side === 'source' ? 'Source' : 'Destination';
  const headingId = `${side}-api-title`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId}>
        {title}: {apiName}
      </Title>
      {inUse ? (
        <Text size="sm">
          Described by{' '}
          <Text span inherit fw={600}>
            {inUse.name}
          </Text>{' '}
          ({HOW[inUse.how]})
          {inUse.docsUrl && (
            <>
              {' · '}
              <Anchor
                href={inUse.docsUrl}
                target="_blank"
                rel="noreferrer"
                inherit
                underline="always"
              >
                API reference
                <IconExternalLink
                  size={12}
                  aria-hidden="true"
                  style={{ marginLeft: 2, verticalAlign: 'middle' }}
                />
              </Anchor>
            </>
          )}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No API description: the code’s calls are not checked, and the editor cannot complete this
          API’s paths.
        </Text>
      )}
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" id={`${side}-calls-title`}>
        Operations the code calls
      </Text>
      {calls.length === 0 ? (
        <Text size="sm" c="dimmed">
          None found in the code.
        </Text>
      ) : (
        <List size="sm" spacing={4} listStyleType="none" aria-labelledby={`${side}-calls-title`}>
          {calls.map((call, index) => (
            <List.Item key={`${call.line}:${call.method}:${call.path}:${index}`}>
              <CallRow call={call} onShowLine={onShowLine} />
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

function CallRow({
  call,
  onShowLine,
}: {
  call: FoundCall;
  onShowLine: (line: number, column?: number) => void;
}) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Badge variant="default" radius="sm" size="sm" style={{ flex: 'none' }}>
        {call.method}
      </Badge>
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {call.path}
      </Text>
      <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
        {call.operationId ? (
          call.docsUrl ? (
            <Anchor
              href={call.docsUrl}
              target="_blank"
              rel="noreferrer"
              inherit
              underline="always"
              title={call.summary}
            >
              {call.operationId}
            </Anchor>
          ) : (
            call.operationId
          )
        ) : (
          'not in the description'
        )}
      </Text>
      <Button variant="subtle" size="compact-xs" onClick={() => onShowLine(call.line)}>
        Line {call.line}
      </Button>
    </Group>
  );
}
