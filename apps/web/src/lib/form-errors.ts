import type { FormEvent } from 'react';
import type * as FormSchemaModule from './form-schemas';

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

/** The contract's body schemas, as `import()` gives them. */
export type FormSchemas = typeof FormSchemaModule;

let formSchemas: Promise<FormSchemas> | undefined;

function loadFormSchemas(): Promise<FormSchemas> {
  formSchemas ??= import('./form-schemas').catch((error: unknown) => {
    // Offline or a redeploy: let the next attempt fetch it again.
    formSchemas = undefined;
    throw error;
  });
  return formSchemas;
}

/**
 * A contract body schema that is loaded (with zod) when a form first needs it, not with the page: forms keep
 * validating with the server's own rules while zod stays out of the first download (ADR 013).
 */
export interface LazySchema<T> {
  /** The schema once loaded, undefined before. */
  readonly current: SafeParser<T> | undefined;
  /** Loads the schema (once) and resolves with it. */
  load(): Promise<SafeParser<T>>;
  /** Starts loading without waiting: a form's `onFocus`, so the rules are there by the first blur or submit. */
  preload(): void;
}

export function lazySchema<T>(pick: (schemas: FormSchemas) => SafeParser<T>): LazySchema<T> {
  let current: SafeParser<T> | undefined;
  const load = async () => (current ??= pick(await loadFormSchemas()));
  return {
    get current() {
      return current;
    },
    load,
    preload: () => {
      // A failure here is reported by the submit that needs the schema.
      load().catch(() => undefined);
    },
  };
}

/** Form errors of `values` by the schema, with the schema's output when there are none. */
export function checkWith<T>(
  schema: SafeParser<T>,
  values: unknown,
  labels: FieldLabels,
): { data: T; errors: null } | { data: null; errors: Record<string, string> } {
  const result = schema.safeParse(values);
  return result.success
    ? { data: result.data, errors: null }
    : { data: null, errors: issuesToFormErrors(result.error.issues, labels) };
}

/**
 * A Mantine `validate` function that runs a contract schema over the form values. Until a lazy schema has loaded
 * it reports nothing: `submitWhenLoaded` waits for the schema before the form validates on submit.
 */
export function validateWith<T>(schema: SafeParser<T> | LazySchema<T>, labels: FieldLabels) {
  return (values: unknown): Record<string, string> => {
    const loaded = 'load' in schema ? schema.current : schema;
    return loaded ? (checkWith(loaded, values, labels).errors ?? {}) : {};
  };
}

/**
 * A form's submit handler: loads the lazy schema, then runs `submit` (typically Mantine's `form.onSubmit(...)`,
 * which validates and, when the values pass, calls its handler). If the schema cannot be loaded (offline),
 * `onLoadError` runs instead — the same failure a request would meet.
 */
export function submitWhenLoaded(
  schema: LazySchema<unknown>,
  submit: () => void,
  onLoadError: () => void,
): (event?: FormEvent<HTMLFormElement>) => void {
  return (event) => {
    event?.preventDefault();
    schema.load().then(() => submit(), onLoadError);
  };
}

/**
 * Names the show/hide button of a password field without the word "password", so the field's label stays the
 * only element called "Password" (a label lookup finds exactly one control).
 */
export const PASSWORD_TOGGLE_PROPS = { 'aria-label': 'Show or hide characters' };
