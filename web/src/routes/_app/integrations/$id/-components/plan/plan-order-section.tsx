import { Select, SimpleGrid, Text } from '@mantine/core';
import type { TPlanSort } from '@patchbay/schema';
import { PlanSection } from './plan-section.tsx';
import type { FieldOption } from './plan-fields.ts';

interface PlanOrderSectionProps {
  sort: TPlanSort | undefined;
  /** The source record's fields. */
  fields: readonly FieldOption[];
  onChange: (sort: TPlanSort | undefined) => void;
}

const AS_READ = '';

/** The order records are written in: as the source lists them, or by one field. */
export function PlanOrderSection({ sort, fields, onChange }: PlanOrderSectionProps) {
  const paths = fields.map((f) => f.path);
  if (sort && !paths.includes(sort.field)) paths.unshift(sort.field);
  return (
    <PlanSection title="Order" id="plan-order">
      <Text size="sm" c="dimmed">
        {sort
          ? `Records are written by ${sort.field}, ${sort.direction === 'asc' ? 'lowest or oldest' : 'highest or newest'} first${(
              sort.then ?? []
            )
              .map((key) => `, then by ${key.field} where they tie`)
              .join('')}.`
          : 'Records are written in the order the source lists them.'}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Select
          label="Order by"
          data={[{ value: AS_READ, label: 'As the source lists them' }, ...paths]}
          value={sort?.field ?? AS_READ}
          allowDeselect={false}
          searchable
          onChange={(field) =>
            onChange(
              field
                ? sort
                  ? { ...sort, field }
                  : { field, direction: 'asc', phrase: 'the plan' }
                : undefined,
            )
          }
          comboboxProps={{ withinPortal: true }}
        />
        {sort && (
          <Select
            label="Direction"
            data={[
              { value: 'asc', label: 'Lowest or oldest first' },
              { value: 'desc', label: 'Highest or newest first' },
            ]}
            value={sort.direction}
            allowDeselect={false}
            onChange={(direction) =>
              direction === 'asc' || direction === 'desc'
                ? onChange({ ...sort, direction })
                : undefined
            }
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </SimpleGrid>
    </PlanSection>
  );
}
