import { CURRICULUM_LIMITS } from '@lyceum/contract/constants';
import { Button, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconListDetails } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { CourseAssessments } from '@/features/assessments/components/course-assessments';
import { useCourse } from '@/features/courses/api/get-course';
import { useCreateSection } from '@/features/curriculum/api/create-section';
import { useCurriculum } from '@/features/curriculum/api/get-curriculum';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';

function AddSection({ courseId, first }: { courseId: string; first: boolean }) {
  const [title, setTitle] = useState('');
  const create = useCreateSection(courseId);
  return (
    <Paper withBorder radius="md" p="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!title.trim()) return;
          create.mutate(
            { title: title.trim() },
            {
              onSuccess: () => setTitle(''),
              onError: (error) => notifyError(toastMessageOf(error, 'The section could not be added')),
            },
          );
        }}
      >
        {first ? (
          <Text size="sm" mb="xs">
            Assessments live in the course’s sections, beside its lessons. This course has no section yet.
          </Text>
        ) : null}
        <Group align="flex-end" gap="sm">
          <TextInput
            label="New section"
            maxLength={CURRICULUM_LIMITS.sectionTitle}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            w={320}
            maw="100%"
          />
          <Button type="submit" variant="default" loading={create.isPending} disabled={!title.trim()}>
            Add section
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** /teacher/courses/:id/assessments: the course's assessments by section. */
export function TeacherAssessmentsPage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  const curriculum = useCurriculum(id);
  const courseTitle = course.data?.title;
  return (
    <>
      <PageHeader
        title="Assessments"
        description={
          courseTitle
            ? `Quizzes, exams and assignments of “${courseTitle}”.`
            : 'Quizzes, exams and assignments of this course.'
        }
        actions={
          <Group gap="sm">
            <Button
              component={Link}
              to={paths.teacher.questionBank.href(id)}
              variant="default"
              leftSection={<IconListDetails size={18} aria-hidden />}
            >
              Question bank
            </Button>
            <Button
              component={Link}
              to={paths.teacher.coursesList.href()}
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden />}
            >
              My Courses
            </Button>
          </Group>
        }
      />
      {curriculum.isPending ? (
        <Stack gap="md" role="status" aria-label="Loading the sections">
          <Skeleton height={100} radius="md" />
        </Stack>
      ) : curriculum.isError ? (
        <LoadError title="The sections could not be loaded" onRetry={() => void curriculum.refetch()}>
          {toastMessageOf(curriculum.error, 'Please try again in a moment.')}
        </LoadError>
      ) : (
        <Stack gap="lg">
          <CourseAssessments
            courseId={id}
            sections={curriculum.data.sections}
            editHref={(itemId) => paths.teacher.editAssessment.href(id, itemId)}
          />
          <AddSection courseId={id} first={curriculum.data.sections.length === 0} />
        </Stack>
      )}
    </>
  );
}
