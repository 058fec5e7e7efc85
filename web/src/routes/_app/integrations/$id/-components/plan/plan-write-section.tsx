import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TApiDescription, TGenerationPlan, TPlanWrite } from '@patchbay/schema';
import { useState } from 'react';
import { PlanMappingRow } from './plan-mapping-row.tsx';
import { PlanSection } from './plan-section.tsx';
import { TemplateInput } from './template-input.tsx';
import {
  destinationRecordSchema,
  isUnmappedRequired,
  mappingRows,
  pathParamNames,
  schemaFields,
  writeOperations,
  type FieldOption,
} from './plan-fields.ts';

interface PlanWriteSectionProps {
  plan: TGenerationPlan;
  write: TPlanWrite;
  description: TApiDescription;
  sourceFields: readonly FieldOption[];
  onChange: (write: TPlanWrite) => void;
}

/** Write: the destination operation and its path, then the Mapping section for its fields. */
export function PlanWriteSection({
  plan,
  write,
  description,
  sourceFields,
  onChange,
}: PlanWriteSectionProps) {
  const options = writeOperations(description);
  const groups = [...new Set(options.map((o) => o.resource.plural))].map((plural) => ({
    group: plural,
    items: options
      .filter((o) => o.resource.plural === plural)
      .map(({ operation }) => ({
        value: operation.id,
        label: `${operation.summary} — ${operation.method} ${operation.path}`,
      })),
  }));
  const lookedUp = new Set(
    plan.lookups
      .filter((l) => l.side !== 'source' && l.target.kind === 'path')
      .map((l) => l.target.name),
  );

  const chooseOperation = (operationId: string | null) => {
    const found = options.find((o) => o.operation.id === operationId);
    if (!found) return;
    const { resource, operation } = found;
    const { batch: _batch, container: _container, ...rest } = write;
    onChange({
      ...rest,
      resource: resource.name,
      operation: { operationId: operation.id, method: operation.method, path: operation.path },
      pathParams: Object.fromEntries(
        pathParamNames(operation.path).map((name) => [name, write.pathParams[name] ?? '']),
      ),
      form: operation.body?.contentType === 'form',
      ...(operation.batch ? { batch: operation.batch } : {}),
      ...(resource.container ? { container: resource.container } : {}),
      kind: operation.batch
        ? 'batch'
        : operation.graphql
          ? 'graphql'
          : write.kind === 'message' && description.messaging?.operationId === operation.id
            ? 'message'
            : 'record',
    });
  };

  return (
    <>
      <PlanSection title="Write" id="plan-write">
        <Select
          label="Destination operation"
          description={`${description.name}: what each record becomes`}
          data={groups}
          value={write.operation.operationId}
          onChange={chooseOperation}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {write.operation.method} {write.operation.path}
        </Text>
        {pathParamNames(write.operation.path).length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {pathParamNames(write.operation.path).map((name) => (
              <TextInput
                key={name}
                label={`Path: ${name}`}
                value={write.pathParams[name] ?? ''}
                disabled={lookedUp.has(name)}
                description={
                  lookedUp.has(name) ? 'Looked up by name when the code runs' : undefined
                }
                onChange={(event) =>
                  onChange({
                    ...write,
                    pathParams: { ...write.pathParams, [name]: event.currentTarget.value },
                  })
                }
              />
            ))}
          </SimpleGrid>
        )}
        {write.batch && (
          <NumberInput
            label="Records per request"
            description={`At most ${write.batch.maxItems}, as ${description.name} allows`}
            min={1}
            max={write.batch.maxItems}
            value={write.batch.maxItems}
            onChange={(value) =>
              write.batch &&
              typeof value === 'number' &&
              value >= 1 &&
              onChange({ ...write, batch: { ...write.batch, maxItems: Math.floor(value) } })
            }
            style={{ maxWidth: 240 }}
          />
        )}
      </PlanSection>
      <PlanSection title="Mapping" id="plan-mapping">
        {write.kind === 'message' && write.message ? (
          <MessageEditor write={write} sourceFields={sourceFields} onChange={onChange} />
        ) : write.container?.kind === 'values-array' ? (
          <ColumnsEditor write={write} sourceFields={sourceFields} onChange={onChange} />
        ) : (
          <FieldsEditor
            write={write}
            description={description}
            sourceFields={sourceFields}
            onChange={onChange}
          />
        )}
      </PlanSection>
    </>
  );
}

function FieldsEditor({
  write,
  description,
  sourceFields,
  onChange,
}: {
  write: TPlanWrite;
  description: TApiDescription;
  sourceFields: readonly FieldOption[];
  onChange: (write: TPlanWrite) => void;
}) {
  const [newField, setNewField] = useState('');
  const fields = schemaFields(destinationRecordSchema(write, description));
  const rows = mappingRows(fields, write.mapping);
  const missing = rows.filter(isUnmappedRequired).length;
  const setRule = (to: string, rule: TPlanWrite['mapping'][number] | undefined) => {
    const others = write.mapping.filter((r) => r.to !== to);
    const index = write.mapping.findIndex((r) => r.to === to);
    const mapping = [...others];
    if (rule) mapping.splice(index === -1 ? mapping.length : index, 0, rule);
    onChange({ ...write, mapping });
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="mapping-summary">
        {`${write.mapping.length} of ${rows.length} fields mapped`}
        {missing > 0
          ? `; ${missing} required ${missing === 1 ? 'field is' : 'fields are'} missing`
          : ''}
        .
      </Text>
      {rows.map((row) => (
        <PlanMappingRow
          key={row.to}
          row={row}
          sourceFields={sourceFields}
          onChange={(rule) => setRule(row.to, rule)}
        />
      ))}
      {fields.length === 0 && (
        // Fields the description does not list (a base's own columns): named by the person.
        <Group align="flex-end" gap="xs">
          <TextInput
            label="Another field"
            placeholder="Field name as the destination calls it"
            value={newField}
            onChange={(event) => setNewField(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            disabled={newField.trim() === '' || rows.some((r) => r.to === newField.trim())}
            onClick={() => {
              setRule(newField.trim(), {
                to: newField.trim(),
                from: sourceFields[0]?.path ?? 'id',
                type: 'any',
                reason: 'chosen in the Plan tab',
              });
              setNewField('');
            }}
          >
            Add field
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** What the mapping's editors work on: the write, the source's fields, and where edits go. */
interface WriteEditorProps {
  write: TPlanWrite;
  sourceFields: readonly FieldOption[];
  onChange: (write: TPlanWrite) => void;
}

/** A sheet row: the source fields that fill its columns, in order. */
function ColumnsEditor({ write, sourceFields, onChange }: WriteEditorProps) {
  const columns = write.columns ?? [];
  const paths = sourceFields.map((f) => f.path);
  const setColumns = (next: string[]) =>
    onChange({
      ...write,
      columns: next,
      mapping: next.map((from) => {
        const format = sourceFields.find((f) => f.path === from)?.format;
        return {
          to: from,
          from,
          type: 'any',
          ...(format ? { fromFormat: format } : {}),
          reason: 'column',
        };
      }),
    });
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Each record becomes one row; each column holds a source field.
      </Text>
      {columns.map((column, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
          <Select
            label={`Column ${index + 1}`}
            data={paths.includes(column) ? paths : [column, ...paths]}
            value={column}
            searchable
            allowDeselect={false}
            onChange={(from) => from && setColumns(columns.map((c, i) => (i === index ? from : c)))}
            style={{ flex: 1, minWidth: 0 }}
            comboboxProps={{ withinPortal: true }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Remove column ${index + 1}`}
            onClick={() => setColumns(columns.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden="true" />}
        onClick={() => setColumns([...columns, paths[0] ?? 'id'])}
        style={{ alignSelf: 'flex-start' }}
      >
        Add column
      </Button>
    </Stack>
  );
}

/** A message's text: the prompt's template, or blank for the record's title and telling fields. */
function MessageEditor({ write, sourceFields, onChange }: WriteEditorProps) {
  const message = write.message;
  if (!message) return null;
  return (
    <Stack gap={6}>
      <Text size="sm">
        Each{' '}
        {message.summary ? 'run sends one message listing the records' : 'record becomes a message'}{' '}
        in {message.textField}. Leave the template empty for the record&rsquo;s title and a few
        telling fields.
      </Text>
      <TemplateInput
        label="Message template"
        value={message.template ?? ''}
        sourceFields={sourceFields}
        placeholder="{title} by {user.login}: {html_url}"
        onChange={(text) => {
          const { template: _template, ...rest } = message;
          onChange({
            ...write,
            message: text.trim() === '' ? rest : { ...rest, template: text },
          });
        }}
      />
      {message.summary && (
        <TextInput
          label="When nothing is found"
          description="Sent on a run with no records to list. Leave it empty to send nothing then."
          value={message.whenEmpty ?? ''}
          onChange={(event) => {
            const text = event.currentTarget.value;
            const { whenEmpty: _whenEmpty, ...rest } = message;
            onChange({
              ...write,
              message: text.trim() === '' ? rest : { ...rest, whenEmpty: text },
            });
          }}
        />
      )}
    </Stack>
  );
}
