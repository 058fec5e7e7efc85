import { Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { unknownPlaceholders, type FieldOption } from './plan-fields.ts';

/**
 * Text with a record's fields in braces, the way the compiled code fills it: `{name}`,
 * `{email|no email}` for an empty value, `{body:200}` for the first 200 characters. A
 * placeholder no source field answers to is named under it, since it would come out empty.
 */
export function TemplateInput({
  label,
  value,
  sourceFields,
  onChange,
  placeholder,
}: {
  label: string;
  value: string;
  sourceFields: readonly FieldOption[];
  onChange: (template: string) => void;
  placeholder?: string;
}) {
  const unknown = unknownPlaceholders(value, sourceFields);
  return (
    <>
      <Textarea
        label="Template"
        aria-label={label}
        description="Source fields in braces: {name}, {email|none given} when empty, {body:200} for the first 200 characters."
        value={value}
        placeholder={placeholder}
        autosize
        minRows={1}
        maxRows={6}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      {unknown.length > 0 && (
        <Text size="xs" fw={500} data-testid="unknown-placeholder">
          <IconAlertTriangle size={12} color="var(--mantine-color-orange-6)" aria-hidden="true" />{' '}
          No source field called {unknown.map((path) => `{${path}}`).join(', ')}: it comes out
          empty.
        </Text>
      )}
    </>
  );
}
