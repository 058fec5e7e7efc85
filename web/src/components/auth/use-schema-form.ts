import { useState, type FormEvent } from 'react';
import { fieldErrors } from '../../lib/field-errors.ts';
import { focusFirstError } from './focus-first-error.ts';

/** The part of a shared zod schema a form needs; structural, so web need not import zod. */
interface FormSchema<TOut> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: TOut }
    | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };
}

interface SchemaFormOptions<TValues, TOut> {
  schema: FormSchema<TOut>;
  initial: TValues;
  onValid: (data: TOut) => void;
  /** Move focus to the first invalid field (the auth forms do; settings cards keep focus). */
  focusOnError?: boolean;
}

/**
 * The login, signup and change-password forms' shared logic: string fields, one error per
 * field cleared as soon as that field is edited, and the same schema check the API runs
 * before anything is sent.
 */
export function useSchemaForm<TValues extends Record<string, string>, TOut>({
  schema,
  initial,
  onValid,
  focusOnError = false,
}: SchemaFormOptions<TValues, TOut>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const update = (field: keyof TValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field as string]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      setErrors(next);
      if (focusOnError) focusFirstError(event.currentTarget, next);
      return;
    }
    onValid(parsed.data);
  };

  return { values, errors, update, onSubmit, reset: () => setValues(initial) };
}
