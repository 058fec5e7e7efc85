import { Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MAPPING_TRANSFORMS, type TMappingRule } from '@patchbay/schema';
import { TintedBadge } from '../../../../../../components/integrations/tinted-badge.tsx';
import { TemplateInput } from './template-input.tsx';
import {
  isUnmappedRequired,
  ruleFor,
  typeMismatch,
  type FieldOption,
  type MappingRow,
} from './plan-fields.ts';

type Mode = 'none' | 'field' | 'value' | 'template' | (typeof MAPPING_TRANSFORMS)[number];

const TRANSFORM_LABELS: Record<(typeof MAPPING_TRANSFORMS)[number], string> = {
  'first-name': 'First name of a full name',
  'last-name': 'Last name of a full name',
  'join-name': 'First and last name joined',
  'form-field': 'A form answer, by its label',
};

function modeOf(rule: TMappingRule | undefined): Mode {
  if (!rule) return 'none';
  if (rule.how) return rule.how;
  if (rule.template !== undefined) return 'template';
  return rule.value !== undefined ? 'value' : 'field';
}

interface PlanMappingRowProps {
  row: MappingRow;
  sourceFields: readonly FieldOption[];
  /** The rule for this destination field, or undefined to leave it unmapped. */
  onChange: (rule: TMappingRule | undefined) => void;
}

/** One destination field: where its value comes from, with what is wrong with it. */
export function PlanMappingRow({ row, sourceFields, onChange }: PlanMappingRowProps) {
  const mode = modeOf(row.rule);
  const missing = isUnmappedRequired(row);
  const mismatch = typeMismatch(row, sourceFields);
  const paths = sourceFields.map((f) => f.path);
  const nameField = sourceFields.find((f) => /(^|\.)name$/i.test(f.path))?.path ?? paths[0] ?? '';
  const set = (source: Pick<TMappingRule, 'from' | 'value' | 'how' | 'parts' | 'template'>) =>
    onChange(ruleFor(row.to, row.field, source, sourceFields, row.rule));

  const setMode = (next: Mode) => {
    if (next === 'none') return onChange(undefined);
    if (next === 'field') return set({ from: row.rule?.from ?? paths[0] ?? row.to });
    if (next === 'value') return set({ value: row.field?.enum?.map(String)[0] ?? '' });
    if (next === 'template')
      return set({ template: row.rule?.template ?? `{${row.rule?.from ?? nameField}}` });
    if (next === 'join-name') {
      const first = paths.find((p) => /first/i.test(p)) ?? paths[0] ?? '';
      const last = paths.find((p) => /last/i.test(p)) ?? paths[1] ?? first;
      return set({ how: next, parts: [first, last] });
    }
    return set({ how: next, from: row.rule?.from ?? nameField });
  };

  const label = row.to;
  const withCurrent = (value: string | undefined) =>
    value && !paths.includes(value) ? [value, ...paths] : paths;

  return (
    <Paper
      withBorder
      p="xs"
      radius="sm"
      role="group"
      aria-label={`Field ${label}`}
      style={missing ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {label}
          {row.field && (
            <Text span size="xs" c="dimmed" ff="body" fw={400}>
              {' '}
              {row.field.type}
              {row.field.format ? ` (${row.field.format})` : ''}
            </Text>
          )}
          {row.field?.required && (
            <TintedBadge color="gray" size="xs" ml={6}>
              Required
            </TintedBadge>
          )}
          {missing && (
            <TintedBadge color="red" size="xs" ml={6} data-testid="unmapped-required">
              Missing
            </TintedBadge>
          )}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
          <Select
            label="Comes from"
            aria-label={`${label} comes from`}
            data={[
              { value: 'none', label: 'Not mapped' },
              { value: 'field', label: 'A source field' },
              { value: 'value', label: 'A fixed value' },
              { value: 'template', label: 'Text with {fields}' },
              ...MAPPING_TRANSFORMS.map((how) => ({ value: how, label: TRANSFORM_LABELS[how] })),
            ]}
            value={mode}
            allowDeselect={false}
            onChange={(next) => next && setMode(next as Mode)}
            comboboxProps={{ withinPortal: true }}
          />
          {(mode === 'field' ||
            mode === 'first-name' ||
            mode === 'last-name' ||
            mode === 'form-field') && (
            <Select
              label="Source field"
              aria-label={`${label} source field`}
              data={withCurrent(row.rule?.from)}
              value={row.rule?.from ?? null}
              searchable
              allowDeselect={false}
              onChange={(from) =>
                from && set({ from, ...(row.rule?.how ? { how: row.rule.how } : {}) })
              }
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {mode === 'join-name' &&
            ([0, 1] as const).map((part) => (
              <Select
                key={part}
                label={part === 0 ? 'First part' : 'Second part'}
                aria-label={`${label} ${part === 0 ? 'first' : 'second'} part`}
                data={withCurrent(row.rule?.parts?.[part])}
                value={row.rule?.parts?.[part] ?? null}
                searchable
                allowDeselect={false}
                onChange={(from) => {
                  if (!from) return;
                  const before = row.rule?.parts;
                  const parts: [string, string] = [before?.[0] ?? from, before?.[1] ?? from];
                  parts[part] = from;
                  set({ how: 'join-name', parts });
                }}
                comboboxProps={{ withinPortal: true }}
              />
            ))}
          {mode === 'value' &&
            (row.field?.enum ? (
              <Select
                label="Value"
                aria-label={`${label} value`}
                data={row.field.enum.map(String)}
                value={row.rule?.value ?? null}
                allowDeselect={false}
                onChange={(value) => value !== null && set({ value })}
                comboboxProps={{ withinPortal: true }}
              />
            ) : (
              <TextInput
                label="Value"
                aria-label={`${label} value`}
                value={row.rule?.value ?? ''}
                onChange={(event) => set({ value: event.currentTarget.value })}
              />
            ))}
        </SimpleGrid>
        {mode === 'field' && row.rule?.values && (
          <Text size="xs" data-testid="value-table">
            Translated by the prompt’s table:{' '}
            {row.rule.values
              .map((entry) => `${entry.from || '(empty)'} → ${entry.to || '(left out)'}`)
              .join(', ')}
            {row.rule.otherwise !== undefined &&
              `; any other value → ${row.rule.otherwise || '(left out)'}`}
          </Text>
        )}
        {mode === 'field' && row.rule?.units && (
          <Text size="xs" data-testid="amount-units">
            {row.rule.units.scale === 'minor-to-major'
              ? 'Written in whole units: the source counts in cents'
              : 'Written in cents: the destination counts in the smallest unit'}
            {row.rule.units.currency ? `, by ${row.rule.units.currency}` : ''}.
          </Text>
        )}
        {mode === 'field' && row.rule?.duration && (
          <Text size="xs" data-testid="duration-units">
            Converted from {durationWords(row.rule.duration.from)} to{' '}
            {durationWords(row.rule.duration.to)}.
          </Text>
        )}
        {mode === 'field' && row.rule?.shiftDays ? (
          <Text size="xs" data-testid="shift-days">
            Moved by {row.rule.shiftDays > 0 ? '+' : ''}
            {row.rule.shiftDays} {Math.abs(row.rule.shiftDays) === 1 ? 'day' : 'days'}.
          </Text>
        ) : null}
        {mode === 'template' && (
          <TemplateInput
            label={`${label} template`}
            value={row.rule?.template ?? ''}
            sourceFields={sourceFields}
            onChange={(template) => set({ template })}
          />
        )}
        {missing && (
          <Text size="xs" fw={500}>
            <IconAlertTriangle size={12} color="var(--mantine-color-red-6)" aria-hidden="true" />{' '}
            Required: without a value the code stops before it writes anything.
          </Text>
        )}
        {mismatch && (
          <Text size="xs" fw={500} data-testid="type-mismatch">
            <IconAlertTriangle size={12} color="var(--mantine-color-orange-6)" aria-hidden="true" />{' '}
            Type mismatch: {mismatch}.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function durationWords(unit: string): string {
  return unit === 'iso8601' ? 'an ISO 8601 duration' : unit;
}
