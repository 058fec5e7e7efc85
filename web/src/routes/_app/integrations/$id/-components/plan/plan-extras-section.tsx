import { NumberInput, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import {
  inPlaceUpdate,
  type TApiDescription,
  type TGenerationPlan,
  type TPlanCursor,
  type TPlanDedupe,
} from '@patchbay/schema';
import { useRef } from 'react';
import { PlanSection } from './plan-section.tsx';
import {
  destinationRecordSchema,
  findOperation,
  findResource,
  pathParamNames,
  schemaFields,
  type FieldOption,
} from './plan-fields.ts';

interface PlanExtrasSectionProps {
  plan: TGenerationPlan;
  source: TApiDescription;
  destination: TApiDescription;
  sourceFields: readonly FieldOption[];
  onChange: (plan: TGenerationPlan) => void;
}

type ReadMode = 'all' | 'remember' | 'new' | 'changed';

const TIME = new Set(['date-time', 'date', 'unix-time']);

/** Dedupe, the cursor (which records each run reads) and the schedule, each a small control. */
export function PlanExtrasSection({
  plan,
  source,
  destination,
  sourceFields,
  onChange,
}: PlanExtrasSectionProps) {
  const earlierDedupe = useRef<TPlanDedupe | undefined>(plan.dedupe);
  const write = plan.destination;
  const resource = findResource(source, plan.source?.resource);
  const destinationFields = write ? schemaFields(destinationRecordSchema(write, destination)) : [];
  const timeFields = sourceFields.filter((f) => f.format !== undefined && TIME.has(f.format));
  const writeResource = findResource(destination, write?.resource);
  const existingList = writeResource?.operations.find(
    (op) => op.kind === 'list' || op.kind === 'search',
  );
  // Listed records keep their fields where the write put them (HubSpot's `properties`).
  const listed = (path: string) =>
    write?.container?.kind === 'object' ? `${write.container.field}.${path}` : path;
  // A match can be updated in place only by a write of one record at a time.
  const update =
    writeResource && write?.kind === 'record' && write.container?.kind !== 'values-array'
      ? inPlaceUpdate(writeResource, write.pathParams)
      : undefined;
  const setOnMatch = (onMatch: string) => {
    if (!plan.dedupe) return;
    const { update: _update, ...dedupe } = plan.dedupe;
    if (onMatch === 'skip' || !update) return onChange({ ...plan, dedupe });
    onChange({
      ...plan,
      dedupe: {
        ...dedupe,
        update: {
          operation: {
            operationId: update.operation.id,
            method: update.operation.method,
            path: update.operation.path,
          },
          idParam: update.idParam,
          idField: update.idField,
          ...(onMatch === 'update-only' ? { onlyExisting: true } : {}),
        },
      },
    });
  };

  const dedupeOn = (on: boolean) => {
    const { dedupe: current, ...rest } = plan;
    if (!on) {
      earlierDedupe.current = current;
      return onChange(rest);
    }
    if (earlierDedupe.current) return onChange({ ...rest, dedupe: earlierDedupe.current });
    if (!existingList || !write) return;
    const shared = sourceFields.find((f) => destinationFields.some((d) => d.path === f.path));
    const sourceField = shared?.path ?? sourceFields[0]?.path ?? 'id';
    onChange({
      ...rest,
      dedupe: {
        sourceField,
        destinationField: listed(shared?.path ?? destinationFields[0]?.path ?? sourceField),
        operation: {
          operationId: existingList.id,
          method: existingList.method,
          path: existingList.path,
        },
        pathParams: Object.fromEntries(
          pathParamNames(existingList.path).map((n) => [n, write.pathParams[n] ?? '']),
        ),
        query: {},
        itemsPath: existingList.itemsPath ?? '',
        pagination: existingList.pagination ?? { style: 'none' },
        headers: {},
        phrase: 'the plan',
      },
    });
  };

  const readMode: ReadMode = plan.cursor ? plan.cursor.kind : plan.remember ? 'remember' : 'all';
  const cursorFor = (kind: TPlanCursor['kind'], field: string | undefined): TPlanCursor | null => {
    const chosen =
      field ??
      (kind === 'new' ? resource?.createdField : resource?.updatedField) ??
      timeFields[0]?.path;
    if (!chosen) return null;
    const since = findOperation(source, plan.source?.operation.operationId)?.operation.since;
    return {
      kind,
      field: chosen,
      ...(sourceFields.find((f) => f.path === chosen)?.format
        ? { format: sourceFields.find((f) => f.path === chosen)?.format }
        : {}),
      ...(since && since.field === chosen
        ? { param: { name: since.param, format: since.format } }
        : {}),
      // What the prompt said the first run takes stays with the cursor.
      ...(plan.cursor?.firstRun ? { firstRun: plan.cursor.firstRun } : {}),
      phrase: 'the plan',
    };
  };
  const setReadMode = (mode: ReadMode) => {
    const { cursor: _cursor, ...rest } = plan;
    if (mode === 'all' || mode === 'remember')
      return onChange({ ...rest, remember: mode === 'remember' });
    const cursor = cursorFor(mode, plan.cursor?.field);
    if (cursor) onChange({ ...rest, remember: false, cursor });
  };

  const schedule = plan.schedule;
  return (
    <PlanSection title="Runs" id="plan-runs">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Each run reads"
          data={[
            { value: 'remember', label: 'Every record; ids already sent are skipped' },
            { value: 'all', label: 'Every record, every time' },
            ...(timeFields.length > 0
              ? [
                  { value: 'new', label: 'Only records created since the last run' },
                  { value: 'changed', label: 'Only records changed since the last run' },
                ]
              : []),
          ]}
          value={readMode}
          allowDeselect={false}
          onChange={(mode) => mode && setReadMode(mode as ReadMode)}
          comboboxProps={{ withinPortal: true }}
        />
        {plan.cursor && (
          <Select
            label="Compared by"
            data={timeFields.map((f) => f.path)}
            value={plan.cursor.field}
            allowDeselect={false}
            onChange={(field) => {
              const cursor = field && plan.cursor ? cursorFor(plan.cursor.kind, field) : null;
              if (cursor) onChange({ ...plan, cursor });
            }}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </SimpleGrid>
      <Switch
        label="Compare with the records the destination already has"
        description={
          existingList || plan.dedupe
            ? undefined
            : `${destination.name} describes no way to list ${writeResource?.plural ?? 'its records'}`
        }
        checked={Boolean(plan.dedupe)}
        disabled={!plan.dedupe && !existingList && !earlierDedupe.current}
        onChange={(event) => dedupeOn(event.currentTarget.checked)}
      />
      {plan.dedupe && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Matched by source field"
            data={sourceFields.map((f) => f.path)}
            value={plan.dedupe.sourceField}
            searchable
            allowDeselect={false}
            onChange={(field) =>
              field &&
              plan.dedupe &&
              onChange({ ...plan, dedupe: { ...plan.dedupe, sourceField: field } })
            }
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Against destination field"
            data={[
              ...new Set([
                plan.dedupe.destinationField,
                ...destinationFields.map((f) => listed(f.path)),
              ]),
            ]}
            value={plan.dedupe.destinationField}
            searchable
            allowDeselect={false}
            onChange={(field) =>
              field &&
              plan.dedupe &&
              onChange({ ...plan, dedupe: { ...plan.dedupe, destinationField: field } })
            }
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="A record already there is"
            data={[
              { value: 'skip', label: 'Skipped' },
              ...(update
                ? [
                    {
                      value: 'update',
                      label: `Updated (${update.operation.method} ${update.operation.path})`,
                    },
                    { value: 'update-only', label: 'Updated, and no other record is written' },
                  ]
                : []),
            ]}
            value={
              plan.dedupe.update
                ? plan.dedupe.update.onlyExisting
                  ? 'update-only'
                  : 'update'
                : 'skip'
            }
            description={
              update ? undefined : `${destination.name} describes no update of one record`
            }
            allowDeselect={false}
            onChange={(value) => value && setOnMatch(value)}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
      )}
      {schedule && 'everyMinutes' in schedule ? (
        <NumberInput
          label="Runs every (minutes)"
          min={1}
          max={1440}
          value={schedule.everyMinutes}
          onChange={(value) =>
            typeof value === 'number' &&
            value >= 1 &&
            value <= 1440 &&
            onChange({ ...plan, schedule: { everyMinutes: Math.floor(value) } })
          }
          style={{ maxWidth: 240 }}
        />
      ) : schedule ? (
        <TextInput
          label={`Runs on (cron, ${schedule.timeZone})`}
          value={schedule.cron}
          onChange={(event) =>
            onChange({ ...plan, schedule: { ...schedule, cron: event.currentTarget.value } })
          }
          style={{ maxWidth: 320 }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          The prompt gives no schedule: the integration’s trigger decides when it runs.
        </Text>
      )}
    </PlanSection>
  );
}
