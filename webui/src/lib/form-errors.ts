/** One problem with a form's input: the field it concerns (none for the whole form) and its message. */
export type FormIssue = { path: ReadonlyArray<PropertyKey>; message: string };

/** First message per field, from a failed check (zod's or a plain one); form-level issues land on "_form". */
export function firstErrors<K extends string>(issues: ReadonlyArray<FormIssue>): Partial<Record<K | '_form', string>> {
  const errors: Partial<Record<K | '_form', string>> = {};
  for (const issue of issues) {
    const key = (issue.path.length ? String(issue.path[0]) : '_form') as K | '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}
