import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconPencilCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useCourse } from '@/features/courses/api/get-course';
import { CourseRubrics } from '@/features/grading/components/course-rubrics';
import { RubricEditor } from '@/features/grading/components/rubric-editor';
import { usePageTitle } from '@/lib/use-page-title';

/** /teacher/courses/:id/rubrics: the rubrics of one of the teacher's courses (issue 54.5). */
export function TeacherRubricsPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const courseTitle = course.data?.title;
  usePageTitle(courseTitle ? `Rubrics · ${courseTitle}` : 'Rubrics');
  return (
    <>
      <PageHeader
        title="Rubrics"
        description={
          courseTitle
            ? `Criteria and levels for scoring the essays and assignments of “${courseTitle}”.`
            : 'Criteria and levels for scoring this course’s essays and assignments.'
        }
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to={paths.teacher.coursesList.href()}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              My Courses
            </Button>
            <Button
              component={Link}
              to={paths.teacher.grading.href(id)}
              variant="light"
              leftSection={<IconPencilCheck size={18} aria-hidden />}
            >
              Grade answers
            </Button>
          </Group>
        }
      />
      <CourseRubrics courseId={id} editorHref={(rubricId) => paths.teacher.rubricEditor.href(id, rubricId)} />
    </>
  );
}

/** /teacher/courses/:id/rubrics/:rubricId: one rubric's editor; `new` creates one. */
export function TeacherRubricEditorPage() {
  const { id = '', rubricId = 'new' } = useParams();
  const creating = rubricId === 'new';
  const title = creating ? 'New rubric' : 'Edit rubric';
  usePageTitle(title);
  return (
    <>
      <PageHeader
        title={title}
        description="Criteria are what you look at; each has levels from weakest to strongest with their points. The score is the chosen levels’ points, scaled to the question’s points."
        actions={
          <Button
            component={Link}
            to={paths.teacher.rubrics.href(id)}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            All rubrics
          </Button>
        }
      />
      <RubricEditor courseId={id} rubricId={creating ? null : rubricId} listHref={paths.teacher.rubrics.href(id)} />
    </>
  );
}
