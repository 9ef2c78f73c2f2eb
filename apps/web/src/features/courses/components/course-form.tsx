import type { Course, CourseStatus } from '@lyceum/contract';
import { COURSE_HELD_MESSAGE, COURSE_LIST_FIELDS, LIMITS, MESSAGES } from '@lyceum/contract/constants';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { submitWhenLoaded } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateCourse } from '../api/create-course';
import { useDeleteCourse } from '../api/delete-course';
import { useUpdateCourse } from '../api/update-course';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useAuth } from '@/lib/auth/auth-context';
import { clearDraft, draftKey, useDraftWriter, useInitialDraft } from '@/lib/local-draft';
import {
  CATEGORY_OPTIONS,
  COURSE_FIELD_LABELS,
  LEVEL_OPTIONS,
  COURSE_SCHEMA,
  courseToValues,
  emptyCourseValues,
  serverIssuesToErrors,
  validateCourseValues,
  valuesToBody,
  type CourseFormValues,
  type SentIndexes,
} from './course-form-values';
import { CourseListField } from './course-list-field';
import { TeacherSelect } from './teacher-select';

const LIST_PLACEHOLDERS = {
  learnItems: 'e.g. Build a responsive layout',
  materialItems: 'e.g. 12 downloadable exercises',
  requirementItems: 'e.g. A computer with a browser',
  tagItems: 'e.g. javascript',
  audienceItems: 'e.g. Beginners who know some HTML',
} as const;

export interface CourseFormProps {
  /** The course to edit; without one the form adds a new course. */
  course?: Course;
  /** Admins choose the teacher the course belongs to. */
  withTeacherSelect?: boolean;
  /** Where "My Courses" is for the saved-course note (teacher or admin list). */
  listHref: string;
  /** After an edit was saved. */
  onUpdated?: (course: Course) => void;
  /** After the course was deleted. */
  onDeleted?: () => void;
}

// The rich-text editor (tiptap and ProseMirror, the largest part of the course pages) is its own chunk, fetched when
// the form is shown: the area's first screen does not wait for it (issue 15).
const AboutEditor = lazy(async () => ({
  default: (await import('@/components/rich-text-editor/about-editor')).AboutEditor,
}));

/** Where the editor will be while its code arrives: its label and a box of its size, announced as loading. */
function AboutEditorSkeleton({ label }: { label: string }) {
  return (
    <Stack gap={6} role="status">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Skeleton height={260} radius="md" aria-hidden />
      <VisuallyHidden>Loading the editor…</VisuallyHidden>
    </Stack>
  );
}

/**
 * Add Course / Edit Course (spec §2): title, category, video link, About Course in the rich-text editor and the
 * five lists; saved as a draft or published. Adding resets the form after success (spec §4).
 */
export function CourseForm({ course, withTeacherSelect = false, listHref, onUpdated, onDeleted }: CourseFormProps) {
  const editing = Boolean(course);
  const form = useForm<CourseFormValues>({
    initialValues: course ? courseToValues(course) : emptyCourseValues(),
    validate: (values) => validateCourseValues(values, { requireTeacher: withTeacherSelect }),
    validateInputOnBlur: ['title', 'category', 'videoLink'],
  });
  const createCourse = useCreateCourse();
  const updateCourse = useUpdateCourse();
  const deleteCourse = useDeleteCourse();
  const [saved, setSaved] = useState<Course | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [pendingStatus, setPendingStatus] = useState<CourseStatus | null>(null);
  // "Save as Draft" on a published course unpublishes it: the values wait here for the confirmation.
  const [unpublishing, setUnpublishing] = useState<CourseFormValues | null>(null);
  const busy = createCourse.isPending || updateCourse.isPending;
  /** An administrator unpublished the course: only an administrator can publish it again. */
  const held = Boolean(course?.heldAt);
  const formRef = useRef<HTMLFormElement>(null);

  // About Course is long: a draft of it is kept in this browser until the course is saved (issue 15).
  const userId = useAuth().state.user?.id;
  const aboutDraftKey = draftKey(userId, 'course-about', course?.id ?? 'new');
  const savedAbout = course?.aboutHtml ?? '';
  const initialDraft = useInitialDraft(aboutDraftKey);
  const [draftRestored, setDraftRestored] = useState(() => initialDraft !== null && initialDraft !== savedAbout);
  useEffect(() => {
    // Once, when the form opens with a draft from an earlier visit: a change against the saved course (dirty).
    if (initialDraft !== null && initialDraft !== savedAbout) form.setFieldValue('aboutHtml', initialDraft);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useDraftWriter(aboutDraftKey, form.values.aboutHtml, { saved: savedAbout });
  const discardDraft = () => {
    clearDraft(aboutDraftKey);
    form.setFieldValue('aboutHtml', savedAbout);
    setDraftRestored(false);
  };

  /** After a failed check, the keyboard goes to the first field that needs attention. */
  const focusFirstError = () => {
    window.requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });
  };

  const showServerError = (error: unknown, sent: SentIndexes) => {
    if (error instanceof ApiError && error.issues.length > 0) {
      form.setErrors(serverIssuesToErrors(error.issues, sent));
      setFailure(null);
      focusFirstError();
    } else {
      setFailure(error instanceof ApiError && error.status < 500 ? error.message : null);
    }
  };

  const save = (values: CourseFormValues, status: CourseStatus) => {
    setSaved(null);
    setFailure(null);
    setPendingStatus(status);
    const { body, sent } = valuesToBody(values, status, { withTeacher: withTeacherSelect });
    if (course) {
      updateCourse.mutate(
        { id: course.id, body },
        {
          onSuccess: (updated) => {
            clearDraft(aboutDraftKey);
            setDraftRestored(false);
            notifySuccess(MESSAGES.updateSuccess);
            form.setValues(courseToValues(updated));
            form.resetDirty();
            onUpdated?.(updated);
          },
          onError: (error) => {
            notifyError(MESSAGES.updateFailed);
            showServerError(error, sent);
          },
          onSettled: () => setPendingStatus(null),
        },
      );
      return;
    }
    createCourse.mutate(body, {
      onSuccess: (created) => {
        clearDraft(aboutDraftKey);
        setDraftRestored(false);
        notifySuccess(MESSAGES.courseAdded);
        form.reset();
        setSaved(created);
      },
      onError: (error) => {
        notifyError(MESSAGES.courseAddFailed);
        showServerError(error, sent);
      },
      onSettled: () => setPendingStatus(null),
    });
  };

  // Both buttons submit; the one pressed (Enter in a field presses the first: Save as Draft) says which status.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const status: CourseStatus = submitter?.value === 'published' ? 'published' : 'draft';
    const submit = form.onSubmit((values) => {
      if (course?.status === 'published' && status === 'draft') setUnpublishing(values);
      else save(values, status);
    }, focusFirstError);
    const failure = editing ? MESSAGES.updateFailed : MESSAGES.courseAddFailed;
    submitWhenLoaded(COURSE_SCHEMA, submit, () => notifyError(failure))(event);
  };

  const confirmDelete = () => {
    if (!course) return;
    deleteCourse.mutate(course.id, {
      onSuccess: () => {
        notifySuccess(MESSAGES.courseDeleted);
        setConfirmingDelete(false);
        onDeleted?.();
      },
      onError: () => notifyError(MESSAGES.courseDeleteFailed),
    });
  };

  return (
    <form
      ref={formRef}
      onSubmit={onSubmit}
      onFocus={COURSE_SCHEMA.preload}
      noValidate
      aria-label={editing ? 'Edit course' : 'Add course'}
    >
      <UnsavedChangesGuard when={() => form.isDirty()} what="your changes to this course" />
      <Stack gap="lg">
        {saved ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            title={savedTitle(saved, withTeacherSelect)}
            role="status"
            withCloseButton
            closeButtonLabel="Dismiss"
            onClose={() => setSaved(null)}
          >
            <Text size="sm">
              {withTeacherSelect ? (
                <>
                  “{saved.title}” now belongs to {saved.teacher.firstname} {saved.teacher.lastname} and is listed in{' '}
                  <Anchor component={Link} to={listHref} inherit>
                    all courses
                  </Anchor>
                </>
              ) : (
                <>
                  “{saved.title}” is in{' '}
                  <Anchor component={Link} to={listHref} inherit>
                    your courses
                  </Anchor>
                </>
              )}
              .{' '}
              <Anchor component={Link} to={paths.courseDetails.href(saved.id)} inherit>
                Open the course page
              </Anchor>
              . The form is empty again for the next one.
            </Text>
          </Alert>
        ) : null}
        {held ? (
          <Alert color="orange" variant="light" icon={<IconShieldLock aria-hidden />} title="Held by an administrator">
            {COURSE_HELD_MESSAGE}.{' '}
            {withTeacherSelect ? 'Publish it to lift the hold.' : 'You can still edit it and save it as a draft.'}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {failure}
          </Alert>
        ) : null}

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Group justify="space-between" mb="md">
            <Title order={2} fz="lg">
              Generals
            </Title>
            {course ? (
              <Badge variant="filled" color={course.status === 'published' ? 'teal.9' : 'gray.7'} radius="sm">
                {course.status === 'published' ? 'Published' : held ? 'Draft · held' : 'Draft'}
              </Badge>
            ) : null}
          </Group>
          <Stack gap="md">
            {withTeacherSelect ? (
              <TeacherSelect
                value={form.values.teacherId}
                onChange={(teacherId) => form.setFieldValue('teacherId', teacherId)}
                error={form.errors.teacherId as string | undefined}
                current={course?.teacher ?? null}
              />
            ) : null}
            <TextInput
              label={COURSE_FIELD_LABELS.title}
              withAsterisk
              maxLength={LIMITS.courseTitle + 50}
              {...form.getInputProps('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={COURSE_FIELD_LABELS.category}
                placeholder="Choose a category"
                withAsterisk
                data={CATEGORY_OPTIONS}
                allowDeselect={false}
                {...form.getInputProps('category')}
                value={form.values.category || null}
                onChange={(value) => form.setFieldValue('category', value ?? '')}
              />
              <Select
                label={COURSE_FIELD_LABELS.level}
                description="Who the course is for"
                data={LEVEL_OPTIONS}
                allowDeselect={false}
                {...form.getInputProps('level')}
                onChange={(value) => form.setFieldValue('level', (value ?? 'all levels') as CourseFormValues['level'])}
              />
              <TextInput
                label={COURSE_FIELD_LABELS.videoLink}
                description="YouTube, Vimeo, or a link to an .mp4, .webm or .ogg file"
                placeholder="https://www.youtube.com/watch?v=…"
                type="url"
                {...form.getInputProps('videoLink')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            Description
          </Title>
          {draftRestored ? (
            <Alert color="indigo" variant="light" mb="md" role="status" title="Unsaved draft restored">
              <Group justify="space-between" gap="sm">
                <Text size="sm">About Course shows the draft kept in this browser; save to keep it.</Text>
                <Button size="xs" variant="default" onClick={discardDraft}>
                  Discard draft
                </Button>
              </Group>
            </Alert>
          ) : null}
          <Suspense fallback={<AboutEditorSkeleton label={COURSE_FIELD_LABELS.aboutHtml} />}>
            <AboutEditor
              label={COURSE_FIELD_LABELS.aboutHtml}
              description="Headings, bold, italic, underline, lists, indents and links (http, https, mailto, tel)."
              value={form.values.aboutHtml}
              onChange={(html) => form.setFieldValue('aboutHtml', html)}
              error={form.errors.aboutHtml as string | undefined}
            />
          </Suspense>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb={4}>
            Course content
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            One entry per line. Empty entries are left out when you save.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {COURSE_LIST_FIELDS.map((field) => (
              <CourseListField key={field} form={form} field={field} placeholder={LIST_PLACEHOLDERS[field]} />
            ))}
          </SimpleGrid>
        </Paper>

        <Group justify="space-between" gap="sm">
          {course ? (
            <Button
              variant="subtle"
              color="red"
              c="red.9"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={() => setConfirmingDelete(true)}
            >
              Delete course
            </Button>
          ) : (
            <span />
          )}
          <Group gap="sm">
            <Button
              type="submit"
              name="status"
              value="draft"
              variant="default"
              loading={busy && pendingStatus === 'draft'}
              disabled={busy && pendingStatus !== 'draft'}
            >
              Save as Draft
            </Button>
            <Button
              type="submit"
              name="status"
              value="published"
              loading={busy && pendingStatus === 'published'}
              disabled={(busy && pendingStatus !== 'published') || (held && !withTeacherSelect)}
              title={held && !withTeacherSelect ? COURSE_HELD_MESSAGE : undefined}
            >
              Publish
            </Button>
          </Group>
        </Group>
      </Stack>

      {course ? (
        <ConfirmModal
          opened={confirmingDelete}
          title="Delete this course?"
          confirmLabel="Yes, delete this course"
          danger
          loading={deleteCourse.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirmingDelete(false)}
        >
          {course.enrolledCount > 0 ? (
            <Text span fw={700} display="block" mb="xs">
              {formatCount(course.enrolledCount)} {course.enrolledCount === 1 ? 'student is' : 'students are'} enrolled
              in this course and will lose it.
            </Text>
          ) : null}
          “{course.title}” will be removed for good, together with its wishlist entries, enrolments and reviews.
        </ConfirmModal>
      ) : null}
      {course ? (
        <ConfirmModal
          opened={unpublishing !== null}
          title="Unpublish this course?"
          confirmLabel="Yes, unpublish"
          onConfirm={() => {
            if (unpublishing) save(unpublishing, 'draft');
            setUnpublishing(null);
          }}
          onClose={() => setUnpublishing(null)}
        >
          “{course.title}” leaves the catalogue and students’ wishlists.{' '}
          {course.enrolledCount > 0
            ? `Its ${formatCount(course.enrolledCount)} enrolled ${course.enrolledCount === 1 ? 'student keeps' : 'students keep'} read-only access.`
            : 'Nobody is enrolled in it.'}
        </ConfirmModal>
      ) : null}
    </form>
  );
}

/** The saved-course note's title: a teacher's own course is "your course"; an admin's is written for a teacher. */
function savedTitle(saved: Course, forTeacher: boolean | undefined): string {
  const subject = forTeacher ? 'The course' : 'Your course';
  return saved.status === 'published' ? `${subject} is published` : `${subject} is saved as a draft`;
}
