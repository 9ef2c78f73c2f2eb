import { Button } from '@mantine/core';
import { IconArrowLeft, IconPencilCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { CoursePageHeader } from '@/pages/course-page-header';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { CourseRubrics } from '@/features/grading/components/course-rubrics';
import { RubricEditor } from '@/features/grading/components/rubric-editor';
import { usePageTitle } from '@/lib/use-page-title';
import { gradingMessages as messages } from '@/features/grading/messages';
import { useIntl } from '@/i18n/intl';

/** /teacher/courses/:id/rubrics: the rubrics of one of the teacher's courses (issue 54.5). */
export function TeacherRubricsPage() {
  const { id = '' } = useParams();
  const t = useIntl().formatMessage;
  return (
    <>
      <CoursePageHeader
        courseId={id}
        title={t(messages.rubrics)}
        describe={(courseTitle) =>
          courseTitle ? t(messages.rubricsIntroCourse, { course: courseTitle }) : t(messages.rubricsIntro)
        }
        links={[
          {
            to: paths.teacher.coursesList.href(),
            label: t(messages.myCourses),
            icon: <IconArrowLeft size={18} aria-hidden />,
          },
          {
            to: paths.teacher.grading.href(id),
            label: t(messages.gradeAnswers),
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
  const t = useIntl().formatMessage;
  const title = t(creating ? messages.newRubric : messages.editRubric);
  usePageTitle(title);
  return (
    <>
      <PageHeader
        title={title}
        description={t(messages.rubricEditorIntro)}
        actions={
          <Button
            component={Link}
            to={paths.teacher.rubrics.href(id)}
            variant="default"
            leftSection={<IconArrowLeft size={18} aria-hidden />}
          >
            {t(messages.allRubrics)}
          </Button>
        }
      />
      <RubricEditor courseId={id} rubricId={creating ? null : rubricId} listHref={paths.teacher.rubrics.href(id)} />
    </>
  );
}
