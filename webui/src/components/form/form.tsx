import { useId, type FormHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  FormProvider,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { PasswordField } from '@/components/ui/password-field';
import { TextArea, type TextAreaProps } from '@/components/ui/text-area';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';
import { firstErrors, type FormIssue } from '@/lib/form-errors';

/**
 * What a form is checked with: a zod schema (classic or zod/mini) or a plain check of the same
 * shape (features/auth's formCheck, for screens that load no zod). Its messages are the spec's.
 */
export type FormSchema<T> = {
  safeParse(input: never): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<FormIssue> } };
};

/** A zod schema (classic or zod/mini): it carries `_zod`, a plain check does not. */
type ZodSchema = { _zod: { input: unknown; output: unknown } };

function isZod(schema: object): schema is ZodSchema {
  return '_zod' in schema;
}

/**
 * zod's resolver (@hookform/resolvers, which loads no zod of its own): the first message per
 * field; a form-level issue (an empty path) goes to `root`, where FormAlert shows it.
 */
function zodSchemaResolver<T extends FieldValues>(schema: ZodSchema): Resolver<T> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<T>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    const errors = result.errors as Record<string, unknown>;
    if (errors['']) {
      const { '': form, ...fields } = errors;
      return { values: {}, errors: { ...fields, root: form } as FieldErrors<T> };
    }
    return result;
  };
}

/** The own resolver of the zod-free screens (features/auth's formCheck): same shape as zod's answer. */
export function schemaResolver<T extends FieldValues>(schema: FormSchema<T>): Resolver<T> {
  return async (values) => {
    const parsed = schema.safeParse(values as never);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(firstErrors<string>(parsed.error.issues))) {
      if (message) errors[field === '_form' ? 'root' : field] = { type: 'schema', message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/**
 * A form's state: react-hook-form checked by `schema` when submitted (and then again on each
 * submit, not on each keystroke); a field's message goes when the field is edited. A zod schema
 * goes through zodResolver; a plain check (the zod-free auth screens) through schemaResolver.
 */
export function useSchemaForm<T extends FieldValues>(schema: FormSchema<T>, defaultValues: DefaultValues<T>): UseFormReturn<T> {
  const resolver = isZod(schema) ? zodSchemaResolver<T>(schema) : schemaResolver(schema);
  return useForm<T>({ resolver, defaultValues, mode: 'onSubmit', reValidateMode: 'onSubmit' });
}

const SERVER = 'root.server' as const;

/**
 * Shows a failure of the server (or of anything past the check) above the submit button: a
 * message, and the field errors it names on their fields (ApiError's `fieldErrors`).
 */
export function showServerError<T extends FieldValues>(
  form: UseFormReturn<T>,
  message: string,
  fieldErrors: ReadonlyArray<{ field: string; msg: string }> = [],
): void {
  const onFields = firstErrors<string>(fieldErrors.map(({ field, msg }) => ({ path: [field], message: msg })));
  const names = Object.keys(form.getValues());
  for (const [field, text] of Object.entries(onFields)) {
    if (text && names.includes(field)) form.setError(field as Path<T>, { type: 'server', message: text });
  }
  if (message) form.setError(SERVER as Path<T>, { type: 'server', message });
  else form.clearErrors(SERVER as Path<T>);
}

type FormProps<T extends FieldValues> = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'children'> & {
  form: UseFormReturn<T>;
  /** Runs with the checked values only. */
  onSubmit: (values: T) => void;
  /** Runs when the check refused the values (their messages are on the fields already). */
  onInvalid?: (errors: FieldErrors<T>) => void;
  children: ReactNode;
};

/** The one form: its fields reach its state through context; the browser's own checks are off. */
export function Form<T extends FieldValues>({ form, onSubmit, onInvalid, children, ...rest }: FormProps<T>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...rest} onSubmit={form.handleSubmit(onSubmit, onInvalid)}>
        {children}
      </form>
    </FormProvider>
  );
}

type FieldProps = Omit<TextFieldProps, 'name' | 'error' | 'value' | 'defaultValue'> & { name: string };
type TextAreaFieldProps = Omit<TextAreaProps, 'name' | 'error' | 'value' | 'defaultValue'> & { name: string };

function useField({ name, onChange }: { name: string; onChange?: (event: never) => void }) {
  const { register, clearErrors, formState } = useFormContext();
  const error = (formState.errors[name]?.message as string | undefined) || undefined;
  const registered = register(name, {
    onChange: (event) => {
      clearErrors(name);
      onChange?.(event as never);
    },
  });
  return { ...registered, error };
}

/** A labelled text input bound to the form's field `name`, its message below it. */
export function FormTextField(props: FieldProps) {
  const { name: _name, onChange: _onChange, ...input } = props;
  return <TextField {...input} {...useField(props)} />;
}

/** A password input (with Show/Hide) bound to the form's field `name`. */
export function FormPasswordField(props: Omit<FieldProps, 'type'>) {
  const { name: _name, onChange: _onChange, ...input } = props;
  return <PasswordField {...input} {...useField(props)} />;
}

/** A labelled text area bound to the form's field `name`, its message below it. */
export function FormTextArea(props: TextAreaFieldProps) {
  const { name: _name, onChange: _onChange, ...input } = props;
  return <TextArea {...input} {...useField(props)} />;
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'defaultValue'> & {
  name: string;
  label: string;
  children: ReactNode;
};

/** A labelled select bound to the form's field `name` (its options are the children), its message below it. */
export function FormSelect(props: SelectFieldProps) {
  const { name: _name, onChange: _onChange, label, id, children, ...select } = props;
  const generated = useId();
  const selectId = id ?? generated;
  const { error, ...registered } = useField(props);
  return (
    <div className="field">
      <label htmlFor={selectId}>{label}</label>
      <select id={selectId} aria-invalid={error ? true : undefined} {...select} {...registered}>
        {children}
      </select>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}

/** A checkbox bound to the form's boolean field `name`, its label the children, its message below it. */
export function FormCheckbox({ name, children }: { name: string; children: ReactNode }) {
  const { error, ...registered } = useField({ name });
  return (
    <>
      <label className="check">
        <input type="checkbox" aria-invalid={error ? true : undefined} {...registered} />
        {children}
      </label>
      {error && <p className="field-error">{error}</p>}
    </>
  );
}

/** The message of a field the page draws itself (a row of chips), where the page puts it. */
export function FormFieldError({ name }: { name: string }) {
  const { formState } = useFormContext();
  const error = formState.errors[name]?.message as string | undefined;
  return error ? <p className="field-error">{error}</p> : null;
}

/** The form's own message (a check across fields, or the server's answer), where the page puts it. */
export function FormAlert() {
  const { formState } = useFormContext();
  const root = formState.errors.root;
  const message = (root?.server?.message ?? root?.message) as string | undefined;
  return message ? <Alert>{message}</Alert> : null;
}
