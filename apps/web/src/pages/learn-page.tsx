import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconLock } from '@tabler/icons-react';
import { Link, Navigate, useParams } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { LoadError } from '../components/load-error';
import { PageContainer } from '../components/page-container';
import { paths } from '../config/paths';
import { CourseCertificateNotice } from '../features/certificates/components/course-certificate-notice';
import { useCurriculum } from '../features/curriculum/api/get-curriculum';
import { useLesson } from '../features/curriculum/api/get-lesson';
import { LessonPlayer } from '../features/curriculum/components/lesson-player';
import { curriculumMessages as messages } from '@/features/curriculum/messages';
import { useIntl } from '@/i18n/intl';
import { ApiError } from '../lib/api-client';
import { useAuth } from '../lib/auth/auth-context';
import { usePageTitle } from '../lib/use-page-title';

/** A whole-page notice with the page's heading. */
function Notice({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} bg="gray.0">
      <Stack align="center" gap="md" ta="center">
        {icon}
        <Title order={1} fz={24}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /learn/:courseId/:lessonId — the lesson player (enrolled students; preview lessons for anyone; the teacher and
 * admins see drafts). Without a lesson it opens where the student resumes (or the first lesson).
 */
export function LearnPage() {
  const { courseId = '', lessonId } = useParams();
  const { state } = useAuth();
  const curriculum = useCurriculum(courseId);
  const lesson = useLesson(courseId, lessonId);
  const intl = useIntl();
  usePageTitle(lesson.data?.title ?? intl.formatMessage(messages.lesson));

  if (!lessonId) {
    if (curriculum.isPending) return <FullPageLoader />;
    const first = curriculum.data?.sections.flatMap((s) => s.items).find((i) => !i.locked);
    const target = curriculum.data?.viewer.resumeItemId ?? first?.id;
    if (target) return <Navigate to={paths.learn.href(courseId, target)} replace />;
    return <Navigate to={paths.courseDetails.href(courseId)} replace />;
  }

  // An assessment item of the outline opens its own screen: the start page, or the editor for its teacher.
  const item = curriculum.data?.sections.flatMap((s) => s.items).find((i) => i.id === lessonId);
  if (item?.kind === 'assessment') {
    const target =
      curriculum.data?.viewer.canEdit && state.user?.role === 'teacher'
        ? paths.teacher.editAssessment.href(courseId, item.id)
        : paths.student.assessment.href(courseId, item.id);
    return <Navigate to={target} replace />;
  }

  const error = lesson.error ?? curriculum.error;
  let content;
  if (error) {
    const status = error instanceof ApiError ? error.status : 0;
    const sequenceLock = status === 403 && curriculum.data?.viewer.enrolled && curriculum.data.sequential;
    const resume = curriculum.data?.viewer.resumeItemId;
    content = sequenceLock ? (
      <Notice title={intl.formatMessage(messages.lessonLocked)} icon={<IconLock size={28} aria-hidden />}>
        <Text c="dimmed">{error.message}</Text>
        {resume ? (
          <Button component={Link} to={paths.learn.href(courseId, resume)}>
            {intl.formatMessage(messages.goToNextOpen)}
          </Button>
        ) : null}
      </Notice>
    ) : status === 401 || status === 403 ? (
      <Notice title={intl.formatMessage(messages.lessonLocked)} icon={<IconLock size={28} aria-hidden />}>
        <Text c="dimmed">{intl.formatMessage(messages.enrolToOpenLesson)}</Text>
        <Button component={Link} to={paths.courseDetails.href(courseId)}>
          {intl.formatMessage(messages.enrolToOpen)}
        </Button>
      </Notice>
    ) : status === 404 || status === 400 ? (
      <Notice title={intl.formatMessage(messages.lessonNotFound)}>
        <Text c="dimmed">{intl.formatMessage(messages.lessonNotFoundText)}</Text>
        <Button component={Link} to={paths.courseDetails.href(courseId)} variant="default">
          {intl.formatMessage(messages.backToCourse)}
        </Button>
      </Notice>
    ) : (
      <LoadError
        title={intl.formatMessage(messages.lessonLoadFailed)}
        onRetry={() => void lesson.refetch()}
        retrying={lesson.isFetching}
      >
        {error.message}
      </LoadError>
    );
  } else if (!curriculum.data || !lesson.data) {
    content = <FullPageLoader />;
  } else {
    const completed = curriculum.data.viewer.enrolled && curriculum.data.viewer.progress?.status === 'completed';
    content = (
      <Stack gap="lg">
        <CourseCertificateNotice courseId={courseId} completed={completed} verifyHref={paths.certificate.href} />
        {curriculum.data.viewer.enrolled ? (
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.student.courseGrades.href(courseId)} fw={600} size="sm">
              {intl.formatMessage(messages.myGradesInCourse)}
            </Anchor>
          </Group>
        ) : null}
        <LessonPlayer key={lesson.data.id} curriculum={curriculum.data} lesson={lesson.data} />
      </Stack>
    );
  }
  return <PageContainer>{content}</PageContainer>;
}
