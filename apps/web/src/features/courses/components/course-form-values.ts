import type { Course, CourseLevel, CourseListField, CourseStatus, CreateCourseBody, Issue } from '@lyceum/contract';
import {
  COURSE_CATEGORIES,
  COURSE_LEVELS,
  COURSE_LIST_FIELDS,
  DEFAULT_COURSE_LEVEL,
  LIMITS,
} from '@lyceum/contract/constants';
import type { IntlShape } from '@/i18n/intl';
import { issuesToFormErrors, lazySchema } from '@/lib/form-errors';
import { courseFormMessages as messages } from '../form/messages';

/** The Add Course form (spec §2): each list is edited entry by entry and starts with one empty entry. */
export interface CourseFormValues {
  title: string;
  category: string;
  /** Who the course is for. */
  level: CourseLevel;
  videoLink: string;
  aboutHtml: string;
  learnItems: string[];
  materialItems: string[];
  requirementItems: string[];
  tagItems: string[];
  audienceItems: string[];
  /** Admins only: whom the course is written for. */
  teacherId: string;
}

const COURSE_FIELDS = [
  'title',
  'category',
  'level',
  'videoLink',
  'aboutHtml',
  'teacherId',
  ...COURSE_LIST_FIELDS,
] as const satisfies readonly (keyof CourseFormValues)[];

/** A field's name in the page's language ("Course Title", "What will you learn"). */
export function courseFieldLabel(intl: IntlShape, field: keyof CourseFormValues): string {
  return intl.formatMessage(messages.fieldLabel, { field });
}

/** Every field's name, which the contract's own checks follow ("Course Title is required"). */
function courseFieldLabels(intl: IntlShape): Record<keyof CourseFormValues, string> {
  return Object.fromEntries(COURSE_FIELDS.map((field) => [field, courseFieldLabel(intl, field)])) as Record<
    keyof CourseFormValues,
    string
  >;
}

export function emptyCourseValues(): CourseFormValues {
  return {
    title: '',
    category: '',
    level: DEFAULT_COURSE_LEVEL,
    videoLink: '',
    aboutHtml: '',
    learnItems: [''],
    materialItems: [''],
    requirementItems: [''],
    tagItems: [''],
    audienceItems: [''],
    teacherId: '',
  };
}

/** A stored course as form values; an empty list shows one empty entry to type into. */
export function courseToValues(course: Course): CourseFormValues {
  const list = (items: string[]) => (items.length > 0 ? [...items] : ['']);
  return {
    title: course.title,
    category: course.category,
    level: course.level,
    videoLink: course.videoLink,
    aboutHtml: course.aboutHtml,
    learnItems: list(course.learnItems),
    materialItems: list(course.materialItems),
    requirementItems: list(course.requirementItems),
    tagItems: list(course.tagItems),
    audienceItems: list(course.audienceItems),
    teacherId: course.teacher.id,
  };
}

/** For each list, the form index of every entry that was sent: server issues name sent indexes. */
export type SentIndexes = Record<CourseListField, number[]>;

/**
 * The request body: text trimmed, blank list entries dropped (they are the form's spare rows, not content),
 * an editor holding nothing sent as ''. `teacherId` only when an admin chose one.
 */
export function valuesToBody(
  values: CourseFormValues,
  status: CourseStatus,
  options: { withTeacher: boolean },
): { body: CreateCourseBody & { status: CourseStatus }; sent: SentIndexes } {
  const sent = {} as SentIndexes;
  const lists = {} as Record<CourseListField, string[]>;
  for (const field of COURSE_LIST_FIELDS) {
    const kept: string[] = [];
    sent[field] = [];
    values[field].forEach((item, index) => {
      const text = item.trim();
      if (text === '') return;
      kept.push(text);
      sent[field].push(index);
    });
    lists[field] = kept;
  }
  const body: CreateCourseBody & { status: CourseStatus } = {
    title: values.title.trim(),
    category: values.category as CreateCourseBody['category'],
    level: values.level,
    videoLink: values.videoLink.trim(),
    aboutHtml: values.aboutHtml,
    ...lists,
    status,
  };
  if (options.withTeacher && values.teacherId) body.teacherId = values.teacherId;
  return { body, sent };
}

/** List entries get their own wording: "This entry must be at most 500 characters". */
function withEntryWording(intl: IntlShape, errors: Record<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    result[field] =
      /\.\d+$/.test(field) && /^[a-z]/.test(message)
        ? intl.formatMessage(messages.thisEntry, { problem: message })
        : message;
  }
  return result;
}

/** POST /api/courses's rules, loaded when the form is first focused or submitted. */
export const COURSE_SCHEMA = lazySchema((schemas) => schemas.CreateCourseBodySchema);

/**
 * Client-side check with the contract's own schema, so the form says what the server would. Before the schema
 * has loaded only the checks that need no schema run (the form submits with `submitWhenLoaded`).
 */
export function validateCourseValues(
  values: CourseFormValues,
  options: { requireTeacher: boolean; intl: IntlShape },
): Record<string, string> {
  const { intl } = options;
  const labels = courseFieldLabels(intl);
  const candidate = {
    ...values,
    // A cleared select is a missing category ("is required"), not a wrong one.
    category: values.category === '' ? undefined : values.category,
    teacherId: undefined,
  };
  const result = COURSE_SCHEMA.current?.safeParse(candidate);
  const errors = !result || result.success ? {} : issuesToFormErrors(result.error.issues, labels);
  if (values.aboutHtml.length > LIMITS.aboutCourse) {
    errors.aboutHtml = intl.formatMessage(messages.tooLong, { field: labels.aboutHtml, max: LIMITS.aboutCourse });
  }
  if (options.requireTeacher && !values.teacherId) {
    errors.teacherId = intl.formatMessage(messages.required, { field: labels.teacherId });
  }
  return withEntryWording(intl, errors);
}

/** Server issues as form errors, with list entry indexes turned back into the form's own. */
export function serverIssuesToErrors(
  intl: IntlShape,
  issues: readonly Issue[],
  sent: SentIndexes,
): Record<string, string> {
  const mapped = issues.map((issue) => {
    const match = /^([a-zA-Z]+)\.(\d+)$/.exec(issue.path);
    const field = match?.[1] as CourseListField | undefined;
    if (!match || !field || !(field in sent)) return issue;
    const formIndex = sent[field][Number(match[2])];
    return formIndex === undefined ? { ...issue, path: field } : { ...issue, path: `${field}.${formIndex}` };
  });
  return withEntryWording(intl, issuesToFormErrors(mapped, courseFieldLabels(intl)));
}

/** The levels to choose from, named in the page's language. */
export function levelOptions(intl: IntlShape): { value: CourseLevel; label: string }[] {
  return COURSE_LEVELS.map((level) => ({ value: level, label: intl.formatMessage(messages.levelLabel, { level }) }));
}

export const CATEGORY_OPTIONS = COURSE_CATEGORIES.map((category) => ({ value: category, label: category }));
