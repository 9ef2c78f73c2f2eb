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
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { paths } from '@/config/paths';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { ApiError } from '@/lib/api-client';
import { submitWhenLoaded } from '@/lib/form-errors';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useCreateCourse } from '../api/create-course';
import { useDeleteCourse } from '../api/delete-course';
import { useUpdateCourse } from '../api/update-course';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useAuth } from '@/lib/auth/auth-context';
import { clearDraft, draftKey, useDraftWriter, useInitialDraft } from '@/lib/local-draft';
import { courseFormMessages as messages } from '../form/messages';
import {
  CATEGORY_OPTIONS,
  COURSE_SCHEMA,
  courseFieldLabel,
  courseToValues,
  levelOptions,
  emptyCourseValues,
  serverIssuesToErrors,
  validateCourseValues,
  valuesToBody,
  type CourseFormValues,
  type SentIndexes,
} from './course-form-values';
import { CourseListField } from './course-list-field';
import { TeacherSelect } from './teacher-select';

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
  const t = useIntl().formatMessage;
  return (
    <Stack gap={6} role="status">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Skeleton height={260} radius="md" aria-hidden />
      <VisuallyHidden>{t(messages.loadingEditor)}</VisuallyHidden>
    </Stack>
  );
}

/**
 * Add Course / Edit Course (spec §2): title, category, video link, About Course in the rich-text editor and the
 * five lists; saved as a draft or published. Adding resets the form after success (spec §4).
 */
export function CourseForm({ course, withTeacherSelect = false, listHref, onUpdated, onDeleted }: CourseFormProps) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const label = (field: keyof CourseFormValues) => courseFieldLabel(intl, field);
  const editing = Boolean(course);
  const form = useForm<CourseFormValues>({
    initialValues: course ? courseToValues(course) : emptyCourseValues(),
    validate: (values) => validateCourseValues(values, { requireTeacher: withTeacherSelect, intl }),
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
      form.setErrors(serverIssuesToErrors(intl, error.issues, sent));
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
      aria-label={t(messages.formName, { editing: editing ? 'yes' : 'no' })}
    >
      <UnsavedChangesGuard when={() => form.isDirty()} what={t(messages.unsavedWhat)} />
      <Stack gap="lg">
        {saved ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck aria-hidden />}
            title={t(messages.savedTitle, {
              forTeacher: withTeacherSelect ? 'yes' : 'no',
              published: saved.status === 'published' ? 'yes' : 'no',
            })}
            role="status"
            withCloseButton
            closeButtonLabel={t(messages.dismiss)}
            onClose={() => setSaved(null)}
          >
            <Text size="sm">
              <FormattedMessage
                {...(withTeacherSelect ? messages.savedForTeacher : messages.savedOwn)}
                values={{
                  title: saved.title,
                  teacher: `${saved.teacher.firstname} ${saved.teacher.lastname}`,
                  list: (chunks: ReactNode[]) => (
                    <Anchor component={Link} to={listHref} inherit>
                      {chunks}
                    </Anchor>
                  ),
                  page: (chunks: ReactNode[]) => (
                    <Anchor component={Link} to={paths.courseDetails.href(saved.id)} inherit>
                      {chunks}
                    </Anchor>
                  ),
                }}
              />
            </Text>
          </Alert>
        ) : null}
        {held ? (
          <Alert color="orange" variant="light" icon={<IconShieldLock aria-hidden />} title={t(messages.heldTitle)}>
            {COURSE_HELD_MESSAGE}. {t(messages.heldHint, { admin: withTeacherSelect ? 'yes' : 'no' })}
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
              {t(messages.generals)}
            </Title>
            {course ? (
              <Badge variant="filled" color={course.status === 'published' ? 'teal.9' : 'gray.7'} radius="sm">
                {t(messages.status, { status: course.status === 'published' ? 'published' : held ? 'held' : 'draft' })}
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
              label={label('title')}
              withAsterisk
              maxLength={LIMITS.courseTitle + 50}
              {...form.getInputProps('title')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <Select
                label={label('category')}
                placeholder={t(messages.chooseCategory)}
                withAsterisk
                data={CATEGORY_OPTIONS}
                allowDeselect={false}
                {...form.getInputProps('category')}
                value={form.values.category || null}
                onChange={(value) => form.setFieldValue('category', value ?? '')}
              />
              <Select
                label={label('level')}
                description={t(messages.levelHint)}
                data={levelOptions(intl)}
                allowDeselect={false}
                {...form.getInputProps('level')}
                onChange={(value) => form.setFieldValue('level', (value ?? 'all levels') as CourseFormValues['level'])}
              />
              <TextInput
                label={label('videoLink')}
                description={t(messages.videoHint)}
                placeholder="https://www.youtube.com/watch?v=…"
                type="url"
                {...form.getInputProps('videoLink')}
              />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb="md">
            {t(messages.description)}
          </Title>
          {draftRestored ? (
            <Alert color="indigo" variant="light" mb="md" role="status" title={t(messages.draftRestored)}>
              <Group justify="space-between" gap="sm">
                <Text size="sm">{t(messages.draftRestoredText)}</Text>
                <Button size="xs" variant="default" onClick={discardDraft}>
                  {t(messages.discardDraft)}
                </Button>
              </Group>
            </Alert>
          ) : null}
          <Suspense fallback={<AboutEditorSkeleton label={label('aboutHtml')} />}>
            <AboutEditor
              label={label('aboutHtml')}
              description={t(messages.aboutHint)}
              value={form.values.aboutHtml}
              onChange={(html) => form.setFieldValue('aboutHtml', html)}
              error={form.errors.aboutHtml as string | undefined}
            />
          </Suspense>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
          <Title order={2} fz="lg" mb={4}>
            {t(messages.courseContent)}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {t(messages.oneEntryPerLine)}
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            {COURSE_LIST_FIELDS.map((field) => (
              <CourseListField
                key={field}
                form={form}
                field={field}
                placeholder={t(messages.listPlaceholder, { field })}
              />
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
              {t(messages.deleteCourse)}
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
              {t(messages.saveDraft)}
            </Button>
            <Button
              type="submit"
              name="status"
              value="published"
              loading={busy && pendingStatus === 'published'}
              disabled={(busy && pendingStatus !== 'published') || (held && !withTeacherSelect)}
              title={held && !withTeacherSelect ? COURSE_HELD_MESSAGE : undefined}
            >
              {t(messages.publish)}
            </Button>
          </Group>
        </Group>
      </Stack>

      {course ? (
        <ConfirmModal
          opened={confirmingDelete}
          title={t(messages.deleteTitle)}
          confirmLabel={t(messages.deleteConfirm)}
          danger
          loading={deleteCourse.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirmingDelete(false)}
        >
          {course.enrolledCount > 0 ? (
            <Text span fw={700} display="block" mb="xs">
              {t(messages.enrolledLose, { count: course.enrolledCount })}
            </Text>
          ) : null}
          {t(messages.removedForGood, { title: course.title })}
        </ConfirmModal>
      ) : null}
      {course ? (
        <ConfirmModal
          opened={unpublishing !== null}
          title={t(messages.unpublishTitle)}
          confirmLabel={t(messages.unpublishConfirm)}
          onConfirm={() => {
            if (unpublishing) save(unpublishing, 'draft');
            setUnpublishing(null);
          }}
          onClose={() => setUnpublishing(null)}
        >
          {t(messages.unpublishBody, { title: course.title, count: course.enrolledCount })}
        </ConfirmModal>
      ) : null}
    </form>
  );
}
