import { Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type {
  TApiDescription,
  TGenerationPlan,
  TPagination,
  TParameter,
  TPlanRead,
} from '@patchbay/schema';
import { PlanSection } from './plan-section.tsx';
import {
  editableQueryParams,
  findOperation,
  pathParamNames,
  readOperations,
} from './plan-fields.ts';

interface PlanReadSectionProps {
  plan: TGenerationPlan;
  read: TPlanRead;
  description: TApiDescription;
  onChange: (read: TPlanRead) => void;
}

/** How a list pages, in words: the code follows it; the person only needs to see it. */
export function paginationText(pagination: TPagination): string {
  switch (pagination.style) {
    case 'cursor':
      return `Cursor pages: ${pagination.cursorParam} from ${pagination.nextCursorPath}`;
    case 'starting-after':
      return `Pages after the last ${pagination.idField} (${pagination.cursorParam}) while ${pagination.hasMorePath}`;
    case 'page':
      return `Numbered pages: ${pagination.pageParam} from ${pagination.firstPage}`;
    case 'offset':
      return `Offset pages: ${pagination.offsetParam} and ${pagination.limitParam}`;
    case 'link-header':
      return 'Pages from the Link header';
    case 'next-url':
      return `Next page from ${pagination.nextPath}`;
    case 'none':
      return 'The list comes whole, in one page';
  }
}

/** Read: which list operation the code calls, its path and query, and how it pages. */
export function PlanReadSection({ plan, read, description, onChange }: PlanReadSectionProps) {
  const options = readOperations(description);
  const current = findOperation(description, read.operation.operationId);
  const groups = [...new Set(options.map((o) => o.resource.plural))].map((plural) => ({
    group: plural,
    items: options
      .filter((o) => o.resource.plural === plural)
      .map(({ operation }) => ({
        value: operation.id,
        label: `${operation.summary} — ${operation.method} ${operation.path}`,
      })),
  }));

  const chooseOperation = (operationId: string | null) => {
    const found = options.find((o) => o.operation.id === operationId);
    if (!found) return;
    const { resource, operation } = found;
    const { graphql: _graphql, sinceIdParam: _since, ...rest } = read;
    onChange({
      ...rest,
      resource: resource.name,
      operation: { operationId: operation.id, method: operation.method, path: operation.path },
      pathParams: Object.fromEntries(
        pathParamNames(operation.path).map((name) => [name, read.pathParams[name] ?? '']),
      ),
      query: {},
      itemsPath: operation.itemsPath ?? '',
      pagination: operation.pagination ?? { style: 'none' },
      form: operation.body?.contentType === 'form',
      ...(operation.graphql
        ? { graphql: { document: operation.graphql.document, variables: {} } }
        : {}),
    });
  };

  const setQuery = (name: string, value: string | number | boolean | undefined) => {
    const { [name]: _old, ...query } = read.query;
    onChange({
      ...read,
      query: value === undefined || value === '' ? query : { ...query, [name]: value },
    });
  };

  const queryParams = editableQueryParams(current?.operation, plan);
  const pathParams = pathParamNames(read.operation.path);
  const lookedUp = new Set(
    plan.lookups
      .filter((l) => l.side === 'source' && l.target.kind === 'path')
      .map((l) => l.target.name),
  );

  return (
    <PlanSection title="Read" id="plan-read">
      <Select
        label="Source operation"
        description={`${description.name}: the list the records come from`}
        data={groups}
        value={read.operation.operationId}
        onChange={chooseOperation}
        allowDeselect={false}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Text
        size="sm"
        ff="monospace"
        data-testid="plan-read-path"
        style={{ overflowWrap: 'anywhere' }}
      >
        {read.operation.method} {read.operation.path}
      </Text>
      {pathParams.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {pathParams.map((name) => (
            <TextInput
              key={name}
              label={`Path: ${name}`}
              value={read.pathParams[name] ?? ''}
              disabled={lookedUp.has(name)}
              description={lookedUp.has(name) ? 'Looked up by name when the code runs' : undefined}
              onChange={(event) =>
                onChange({
                  ...read,
                  pathParams: { ...read.pathParams, [name]: event.currentTarget.value },
                })
              }
            />
          ))}
        </SimpleGrid>
      )}
      {queryParams.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Query
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {queryParams.map((param) => (
              <QueryField
                key={param.name}
                param={param}
                value={read.query[param.name]}
                onChange={(value) => setQuery(param.name, value)}
              />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      <Text size="sm" c="dimmed" data-testid="plan-pagination">
        {paginationText(read.pagination)}
      </Text>
    </PlanSection>
  );
}

function QueryField({
  param,
  value,
  onChange,
}: {
  param: TParameter;
  value: string | number | boolean | undefined;
  onChange: (value: string | number | boolean | undefined) => void;
}) {
  const label = `Query: ${param.name}`;
  const hint = param.description ?? param.schema.description;
  const choices = param.schema.enum ?? (param.schema.type === 'boolean' ? [true, false] : null);
  if (choices) {
    return (
      <Select
        label={label}
        description={hint}
        placeholder="Not sent"
        data={choices.map((choice) => ({ value: String(choice), label: String(choice) }))}
        value={value === undefined ? null : String(value)}
        onChange={(next) => {
          const chosen = choices.find((choice) => String(choice) === next);
          onChange(chosen);
        }}
        clearable
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  const numeric = param.schema.type === 'integer' || param.schema.type === 'number';
  return (
    <TextInput
      label={label}
      description={hint}
      placeholder="Not sent"
      inputMode={numeric ? 'numeric' : undefined}
      value={value === undefined ? '' : String(value)}
      onChange={(event) => {
        const text = event.currentTarget.value;
        onChange(
          numeric && text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text,
        );
      }}
    />
  );
}
