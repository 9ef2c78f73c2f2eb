import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconPlayerPlay } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../components/page-header';
import { paths } from '../config/paths';
import { useCourse } from '../features/courses/api/get-course';
import { CurriculumEditor } from '../features/curriculum/editor/curriculum-editor';
import { LessonEditor } from '../features/curriculum/editor/lesson-editor';
import { usePageTitle } from '../lib/use-page-title';

type AuthorRole = 'teacher' | 'admin';

const courseListOf = (role: AuthorRole) =>
  role === 'admin'
    ? { href: paths.admin.coursesList.href(), label: 'Courses' }
    : { href: paths.teacher.coursesList.href(), label: 'My Courses' };

/** The curriculum editor of a course (its teacher, or an admin): sections, lessons, order, sequential mode. */
export function CurriculumEditorPage({ role }: { role: AuthorRole }) {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const courseTitle = course.data?.title;
  usePageTitle(courseTitle ? `Curriculum · ${courseTitle}` : 'Curriculum');
  const back = courseListOf(role);
  const area = paths[role];
  return (
    <>
      <PageHeader
        title="Curriculum"
        description={
          courseTitle
            ? `Sections and lessons of “${courseTitle}”. Drag a row by its handle, or focus the handle and use Space and the arrow keys.`
            : 'Sections and lessons of this course.'
        }
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to={back.href}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              {back.label}
            </Button>
            <Button
              component={Link}
              to={paths.courseDetails.href(id)}
              variant="default"
              leftSection={<IconExternalLink size={18} aria-hidden />}
            >
              Course page
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
  usePageTitle('Edit lesson');
  return (
    <>
      <PageHeader
        title="Edit lesson"
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to={paths[role].curriculum.href(id)}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              Curriculum
            </Button>
            <Button
              component={Link}
              to={paths.learn.href(id, lessonId)}
              variant="default"
              leftSection={<IconPlayerPlay size={18} aria-hidden />}
            >
              Preview
            </Button>
          </Group>
        }
      />
      <LessonEditor key={lessonId} courseId={id} lessonId={lessonId} />
    </>
  );
}
