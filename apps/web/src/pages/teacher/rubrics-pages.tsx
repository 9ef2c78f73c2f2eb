import { Button } from '@mantine/core';
import { IconArrowLeft, IconPencilCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { CoursePageHeader } from '@/pages/course-page-header';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { CourseRubrics } from '@/features/grading/components/course-rubrics';
import { RubricEditor } from '@/features/grading/components/rubric-editor';
import { usePageTitle } from '@/lib/use-page-title';

/** /teacher/courses/:id/rubrics: the rubrics of one of the teacher's courses (issue 54.5). */
export function TeacherRubricsPage() {
  const { id = '' } = useParams();
  return (
    <>
      <CoursePageHeader
        courseId={id}
        title="Rubrics"
        describe={(courseTitle) =>
          courseTitle
            ? `Criteria and levels for scoring the essays and assignments of “${courseTitle}”.`
            : 'Criteria and levels for scoring this course’s essays and assignments.'
        }
        links={[
          {
            to: paths.teacher.coursesList.href(),
            label: 'My Courses',
            icon: <IconArrowLeft size={18} aria-hidden />,
          },
          {
            to: paths.teacher.grading.href(id),
            label: 'Grade answers',
            icon: <IconPencilCheck size={18} aria-hidden />,
            variant: 'light',
          },
        ]}
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
