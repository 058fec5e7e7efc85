import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFilterOp, TPlanFilter } from '@patchbay/schema';
import { PlanSection } from './plan-section.tsx';
import {
  LIST_OPS,
  OPERATOR_LABELS,
  operatorsFor,
  VALUELESS_OPS,
  valueForOperator,
  type FieldOption,
} from './plan-fields.ts';

interface PlanFiltersSectionProps {
  filters: readonly TPlanFilter[];
  /** The source record's fields. */
  fields: readonly FieldOption[];
  resourcePlural: string;
  onChange: (filters: TPlanFilter[]) => void;
}

const HOUR_MS = 3_600_000;

/** Filters: which records go through, one row per condition (all must hold). */
export function PlanFiltersSection({
  filters,
  fields,
  resourcePlural,
  onChange,
}: PlanFiltersSectionProps) {
  const update = (index: number, next: TPlanFilter) =>
    onChange(filters.map((filter, i) => (i === index ? next : filter)));

  const add = () => {
    const field = fields[0];
    const op = operatorsFor(field)[0] ?? 'eq';
    onChange([
      ...filters,
      {
        field: field?.path ?? 'id',
        op,
        ...(VALUELESS_OPS.has(op) ? {} : { value: valueForOperator(op, undefined) }),
        phrase: 'the plan',
      },
    ]);
  };

  return (
    <PlanSection title="Filters" id="plan-filters">
      <Text size="sm" c="dimmed">
        {filters.length === 0
          ? `Every ${resourcePlural.replace(/s$/, '')} read goes through.`
          : `Only ${resourcePlural} that match every row go through.`}
      </Text>
      {filters.map((filter, index) => (
        <FilterRow
          key={index}
          index={index}
          filter={filter}
          fields={fields}
          onChange={(next) => update(index, next)}
          onRemove={() => onChange(filters.filter((_, i) => i !== index))}
        />
      ))}
      <Button
        variant="default"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden="true" />}
        onClick={add}
        style={{ alignSelf: 'flex-start' }}
      >
        Add filter
      </Button>
    </PlanSection>
  );
}

function FilterRow({
  index,
  filter,
  fields,
  onChange,
  onRemove,
}: {
  index: number;
  filter: TPlanFilter;
  fields: readonly FieldOption[];
  onChange: (filter: TPlanFilter) => void;
  onRemove: () => void;
}) {
  const name = `Filter ${index + 1}`;
  const field = fields.find((f) => f.path === filter.field);
  const operators = operatorsFor(field);
  if (!operators.includes(filter.op)) operators.push(filter.op);
  const fieldPaths = fields.some((f) => f.path === filter.field)
    ? fields.map((f) => f.path)
    : [filter.field, ...fields.map((f) => f.path)];

  const setOp = (op: TFilterOp) => {
    const { value: _value, ...rest } = filter;
    const value = valueForOperator(op, filter.value);
    onChange({ ...rest, op, ...(value === undefined ? {} : { value }) });
  };

  return (
    <Paper withBorder p="xs" radius="sm" role="group" aria-label={name}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs" style={{ flex: 1, minWidth: 0 }}>
          <Select
            label="Field"
            aria-label={`${name} field`}
            data={fieldPaths}
            value={filter.field}
            searchable
            allowDeselect={false}
            onChange={(path) => {
              if (!path) return;
              const next = fields.find((f) => f.path === path);
              const ops = operatorsFor(next);
              const op = ops.includes(filter.op) ? filter.op : (ops[0] ?? 'eq');
              const { value: _value, format: _format, ...rest } = filter;
              const value = valueForOperator(op, op === filter.op ? filter.value : undefined);
              onChange({
                ...rest,
                field: path,
                op,
                ...(value === undefined ? {} : { value }),
                ...(next?.format ? { format: next.format } : {}),
              });
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Operator"
            aria-label={`${name} operator`}
            data={operators.map((op) => ({ value: op, label: OPERATOR_LABELS[op] }))}
            value={filter.op}
            allowDeselect={false}
            onChange={(op) => {
              const chosen = operators.find((candidate) => candidate === op);
              if (chosen) setOp(chosen);
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <FilterValue name={name} filter={filter} field={field} onChange={onChange} />
        </SimpleGrid>
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={`Remove ${name.toLowerCase()}`}
          onClick={onRemove}
        >
          <IconTrash size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

function FilterValue({
  name,
  filter,
  field,
  onChange,
}: {
  name: string;
  filter: TPlanFilter;
  field: FieldOption | undefined;
  onChange: (filter: TPlanFilter) => void;
}) {
  const label = `${name} value`;
  const setValue = (value: TPlanFilter['value']) => onChange({ ...filter, value });
  const numeric = field?.type === 'number' || field?.type === 'integer';
  const choices =
    field?.enum?.map(String) ?? (field?.type === 'boolean' ? ['true', 'false'] : null);
  const typed = (text: string): string | number | boolean => {
    const allowed = field?.enum?.find((choice) => String(choice) === text);
    if (allowed !== undefined) return allowed;
    if (numeric && text.trim() !== '' && Number.isFinite(Number(text))) return Number(text);
    return text;
  };

  if (VALUELESS_OPS.has(filter.op))
    return (
      <Text size="sm" c="dimmed" pb={6}>
        No value needed
      </Text>
    );
  // Compared with another field of the same record ("quantity <= reorder_level").
  if (filter.otherField)
    return (
      <Text size="sm" pb={6}>
        the record’s <code>{filter.otherField}</code>
      </Text>
    );
  if (filter.op === 'within' && filter.calendar) {
    // Whole calendar units from the run's own: [-1, 0] is last month, [0, 1] this one.
    const [start, end] = Array.isArray(filter.value) ? filter.value.map(Number) : [0, 1];
    const unit = filter.calendar;
    return (
      <Group gap="xs" wrap="nowrap" grow>
        <NumberInput
          label={`From (${unit}s from this one)`}
          aria-label={`${name} from, in ${unit}s from the run's ${unit}`}
          value={start ?? 0}
          onChange={(value) => setValue([Number(value), end ?? 1])}
        />
        <NumberInput
          label={`To (${unit}s, not included)`}
          aria-label={`${name} to, in ${unit}s from the run's ${unit}`}
          value={end ?? 1}
          onChange={(value) => setValue([start ?? 0, Number(value)])}
        />
      </Group>
    );
  }
  if (filter.op === 'within') {
    const [start, end] = Array.isArray(filter.value) ? filter.value : [];
    const hours = (value: unknown) => (typeof value === 'number' ? value / HOUR_MS : 0);
    return (
      <Group gap="xs" wrap="nowrap" grow>
        <NumberInput
          label="From (hours)"
          aria-label={`${name} from, in hours from the run`}
          value={hours(start)}
          onChange={(value) =>
            setValue([Number(value) * HOUR_MS, typeof end === 'number' ? end : 0])
          }
        />
        <NumberInput
          label="To (hours)"
          aria-label={`${name} to, in hours from the run`}
          value={hours(end)}
          onChange={(value) =>
            setValue([typeof start === 'number' ? start : 0, Number(value) * HOUR_MS])
          }
        />
      </Group>
    );
  }
  if (LIST_OPS.has(filter.op)) {
    const list = (
      Array.isArray(filter.value) ? filter.value : filter.value === undefined ? [] : [filter.value]
    ).map(String);
    return choices ? (
      <MultiSelect
        label="Values"
        aria-label={label}
        data={[...new Set([...choices, ...list])]}
        value={list}
        onChange={(values) => setValue(values.map(typed))}
        comboboxProps={{ withinPortal: true }}
      />
    ) : (
      <TagsInput
        label="Values"
        aria-label={label}
        description="Enter after each value"
        value={list}
        onChange={(values) => setValue(values.map(typed))}
      />
    );
  }
  const single = Array.isArray(filter.value) ? filter.value[0] : filter.value;
  if (choices)
    return (
      <Select
        label="Value"
        aria-label={label}
        data={[...new Set([...choices, ...(single === undefined ? [] : [String(single)])])]}
        value={single === undefined ? null : String(single)}
        allowDeselect={false}
        onChange={(text) => text !== null && setValue(typed(text))}
        comboboxProps={{ withinPortal: true }}
      />
    );
  return (
    <TextInput
      label="Value"
      aria-label={label}
      inputMode={numeric ? 'decimal' : undefined}
      value={single === undefined ? '' : String(single)}
      onChange={(event) => setValue(typed(event.currentTarget.value))}
    />
  );
}
