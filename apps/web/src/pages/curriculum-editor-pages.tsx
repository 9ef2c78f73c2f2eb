import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { paths } from '../config/paths';
import { useCourse } from '../features/courses/api/get-course';
import { CurriculumEditor } from '../features/curriculum/editor/curriculum-editor';
import { LessonEditor } from '../features/curriculum/editor/lesson-editor';
import { useIntl } from '../i18n/intl';
import { usePageTitle } from '../lib/use-page-title';
import { staffPagesMessages as messages } from './staff/messages';

type AuthorRole = 'teacher' | 'admin';

const courseListOf = (role: AuthorRole) =>
  role === 'admin' ? paths.admin.coursesList.href() : paths.teacher.coursesList.href();

/** The curriculum editor of a course (its teacher, or an admin): sections, lessons, order, sequential mode. */
export function CurriculumEditorPage({ role }: { role: AuthorRole }) {
  const { id = '' } = useParams();
  const intl = useIntl();
  const course = useCourse(id);
  const courseTitle = course.data?.title;
  const known = courseTitle ? 'yes' : 'no';
  usePageTitle(intl.formatMessage(messages.curriculumPageTitle, { known, title: courseTitle ?? '' }));
  const area = paths[role];
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.curriculum)}
        description={intl.formatMessage(messages.curriculumDescription, { known, title: courseTitle ?? '' })}
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to={courseListOf(role)}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {intl.formatMessage(messages.courseList, { role })}
            </Button>
            <Button
              component={Link}
              to={paths.courseDetails.href(id)}
              variant="default"
              leftSection={<IconExternalLink size={18} aria-hidden />}
            >
              {intl.formatMessage(messages.coursePage)}
            </Button>
          </Group>
        }
      />
      <CurriculumEditor courseId={id} lessonHref={(lessonId) => area.lessonEditor.href(id, lessonId)} />
    </>
  );
}

/** One lesson's editor: autosaved, with a conflict message when another tab saved first (ADR 029). */
export function LessonEditorPage({ role }: { role: AuthorRole }) {
  const { id = '', lessonId = '' } = useParams();
  const intl = useIntl();
  usePageTitle(intl.formatMessage(messages.editLesson));
  return (
    <>
      <PageHeader
        title={intl.formatMessage(messages.editLesson)}
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to={paths[role].curriculum.href(id)}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {intl.formatMessage(messages.curriculum)}
            </Button>
            <Button
              component={Link}
              to={paths.learn.href(id, lessonId)}
              variant="default"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
            >
              {intl.formatMessage(messages.preview)}
            </Button>
          </Group>
        }
      />
      <LessonEditor key={lessonId} courseId={id} lessonId={lessonId} />
    </>
  );
}
