import type { FormIssue } from '@/lib/form-errors';

/**
 * The account screens' form checks, in plain code: the screens a visitor sees before signing in
 * load no zod (webui/README.md, "Bundles"). A check answers like a zod schema's `safeParse`, with
 * the spec's messages: every failing field rule, in order (firstErrors shows the first per field),
 * and the form rules (passwords that must match) only once every field passed.
 */
export type FormCheck<T> = {
  safeParse(input: T): { success: true; data: T } | { success: false; error: { issues: FormIssue[] } };
};

/** A rule: the field it concerns (null: the whole form), its message, and when it fails. */
export type Rule<T> = [field: (keyof T & string) | null, message: string, fails: (value: T) => boolean];

export function formCheck<T>(normalise: (input: T) => T, fieldRules: Rule<T>[], formRules: Rule<T>[] = []): FormCheck<T> {
  const issuesOf = (rules: Rule<T>[], value: T) =>
    rules.filter(([, , fails]) => fails(value)).map(([field, message]) => ({ path: field ? [field] : [], message }));
  return {
    safeParse(input) {
      const value = normalise(input);
      const fieldIssues = issuesOf(fieldRules, value);
      const issues = fieldIssues.length ? fieldIssues : issuesOf(formRules, value);
      return issues.length ? { success: false, error: { issues } } : { success: true, data: value };
    },
  };
}

/** `input` with the named text fields trimmed (what zod's trim did). */
export const trimmed =
  <T extends Record<string, unknown>>(...fields: (keyof T & string)[]) =>
  (input: T): T => {
    const value = { ...input };
    for (const field of fields) value[field] = String(input[field] ?? '').trim() as T[typeof field];
    return value;
  };

/** A rule that fails when the field is empty (after trimming, where the check trims it). */
export const required = <T,>(field: keyof T & string, message: string): Rule<T> => [field, message, (v) => !v[field]];
