import { useRef, useState, type FormEvent } from 'react';
import { fieldErrors } from '../../lib/field-errors.ts';
import { toast } from '../../lib/toast.ts';
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
  /**
   * Loads the schema, e.g. `() => import('@patchbay/schema').then((m) => m.ZLoginRequest)`.
   * Shared schemas bring zod (about 27 kB gzip), which a public page need not download before
   * anyone types (ADR 026); loading starts at the first edit and is awaited at submit.
   */
  schema: () => Promise<FormSchema<TOut>>;
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
  const loading = useRef<Promise<FormSchema<TOut>> | null>(null);
  // One check at a time: a second click while the schema loads must not send the form twice.
  const [checking, setChecking] = useState(false);
  const checkingNow = useRef(false);
  // A load that failed (the network dropped, or a deploy replaced the chunk) is tried again.
  const loadSchema = () =>
    (loading.current ??= schema().catch((error: unknown) => {
      loading.current = null;
      throw error;
    }));

  const update = (field: keyof TValues) => (value: string) => {
    void loadSchema().catch(() => {}); // the submit reports a failure
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field as string]: _cleared, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (checkingNow.current) return;
    checkingNow.current = true;
    setChecking(true);
    const form = event.currentTarget;
    const done = () => {
      checkingNow.current = false;
      setChecking(false);
    };
    loadSchema().then(
      (loaded) => {
        done();
        const parsed = loaded.safeParse(values);
        if (!parsed.success) {
          const next = fieldErrors(parsed.error.issues);
          setErrors(next);
          if (focusOnError) focusFirstError(form, next);
          return;
        }
        onValid(parsed.data);
      },
      () => {
        done();
        toast({
          title: 'Could not check the form',
          message: 'Part of this page did not load. Check your connection and try again.',
          variant: 'destructive',
        });
      },
    );
  };

  /** `checking`: the schema is loading after a submit; show the form as busy. */
  return { values, errors, update, onSubmit, checking, reset: () => setValues(initial) };
}
