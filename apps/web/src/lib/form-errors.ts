/** The part of a zod schema a form needs (keeps the web app off a direct zod dependency). */
export interface SafeParser<T> {
  safeParse(
    data: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

export type FieldLabels = Readonly<Record<string, string>>;

/** Contract messages are phrased to follow the field name ("is required"): prefix the field's label. */
export function labelledMessage(labels: FieldLabels, field: string, message: string): string {
  const label = labels[field];
  return label && /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

/** Form errors keyed by field path from validation issues; the first issue per field wins. */
export function issuesToFormErrors(
  issues: ReadonlyArray<{ path: string | ReadonlyArray<PropertyKey>; message: string }>,
  labels: FieldLabels,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    if (!(field in errors)) errors[field] = labelledMessage(labels, field, issue.message);
  }
  return errors;
}

/** A Mantine `validate` function that runs a contract schema over the form values. */
export function validateWith<T>(schema: SafeParser<T>, labels: FieldLabels) {
  return (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    return result.success ? {} : issuesToFormErrors(result.error.issues, labels);
  };
}

/**
 * Names the show/hide button of a password field without the word "password", so the field's label stays the
 * only element called "Password" (a label lookup finds exactly one control).
 */
export const PASSWORD_TOGGLE_PROPS = { 'aria-label': 'Show or hide characters' };
