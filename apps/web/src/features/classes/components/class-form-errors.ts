import { ApiError, toastMessageOf } from '@/lib/api-client';
import type { IntlShape } from '@/i18n/intl';
import { notifyError } from '@/lib/notify';
import { classesMessages as messages } from '../messages';

type SetErrors = (errors: Record<string, string>) => void;

/**
 * A class form's failed save: each issue the server named goes under its form field (the first segment of its path,
 * the last issue per field winning), then a toast with the server's message or `fallback`.
 */
export function reportSaveError(error: unknown, setErrors: SetErrors, fallback: string): void {
  if (error instanceof ApiError && error.issues.length) {
    setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path.split('.')[0]!, issue.message])));
  }
  notifyError(toastMessageOf(error, fallback));
}

/** What a class's details need before they are sent: a name and at least one course. */
export function classDetailsErrors(
  intl: IntlShape,
  values: { name: string; courseIds: readonly string[] },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.name.trim()) errors.name = intl.formatMessage(messages.nameTheClass);
  if (values.courseIds.length === 0) errors.courseIds = intl.formatMessage(messages.chooseACourse);
  return errors;
}
