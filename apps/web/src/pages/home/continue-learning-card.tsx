import {
  Button,
  Group,
  Paper,
  Progress,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
  type MantineSpacing,
  type StyleProp,
} from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { CategoryIcon } from '@/components/category-icon';
import { categoryTileOf } from '@/components/course-card';
import { paths } from '@/config/paths';
import { enrolmentsQueryOptions } from '@/features/courses/api/get-enrolments';
import { useCurriculum } from '@/features/curriculum/api/get-curriculum';
import { placeLabel } from '@/features/curriculum/components/item-counts';
import { useAuth } from '@/lib/auth/auth-context';
import { formatDate } from '@/lib/format-date';
import { useTimeZone } from '@/lib/use-time-zone';

export interface ContinueLearningCardProps {
  mt?: StyleProp<MantineSpacing>;
}

/**
 * The home page's course-progress card (spec §2, issue 8): a logged-in student's most recent active enrolment with a
 * way back into it. Nothing for visitors, teachers and admins, nor for a student with no active enrolment. For a
 * course with lessons it shows "Lesson N of M" (the lesson the student resumes at), the computed percent, and
 * Continue opens that lesson; a course without lessons shows course, teacher and date, and Continue opens the course.
 */
export function ContinueLearningCard({ mt }: ContinueLearningCardProps) {
  const { state } = useAuth();
  const studentId = state.isAuthenticated && state.user?.role === 'student' ? state.user.id : null;
  const query = useQuery({
    ...enrolmentsQueryOptions(studentId ?? '', { status: 'active', page: 1, pageSize: 1 }),
    enabled: studentId !== null,
  });
  const timeZone = useTimeZone();
  const labelId = useId();
  const enrolmentWithLessons = query.data?.items[0];
  const curriculum = useCurriculum(enrolmentWithLessons?.courseId ?? '', {
    enabled: Boolean(enrolmentWithLessons && enrolmentWithLessons.totalItems > 0),
  });

  if (studentId === null) return null;
  if (query.isPending) {
    return (
      <Paper withBorder radius="lg" p="md" mt={mt} role="status">
        <VisuallyHidden>Loading your latest course…</VisuallyHidden>
        <Group gap="md" wrap="nowrap" aria-hidden>
          <Skeleton height={52} width={52} radius="md" />
          <div style={{ flex: 1 }}>
            <Skeleton height={12} width={120} radius="sm" />
            <Skeleton height={18} width="60%" radius="sm" mt={8} />
            <Skeleton height={12} width="40%" radius="sm" mt={8} />
          </div>
        </Group>
      </Paper>
    );
  }
  // A failed load leaves the greeting's "View history" as the way to the student's courses.
  const enrolment = query.data?.items[0];
  if (!enrolment) return null;

  const { course } = enrolment;
  const tile = categoryTileOf(course.category);
  const items = curriculum.data?.sections.flatMap((s) => s.items) ?? [];
  const resumeId = curriculum.data?.viewer.resumeItemId ?? null;
  // Counted as progress counts (required published items): "Lesson 3 of 10" beside "30% complete".
  const place = resumeId ? placeLabel(items, resumeId) : null;
  const withLessons = enrolment.totalItems > 0;
  return (
    <Paper withBorder radius="lg" p="md" mt={mt} shadow="xs" role="group" aria-labelledby={labelId}>
      <Group justify="space-between" gap="md">
        <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 320px' }}>
          <span
            aria-hidden
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              flexShrink: 0,
              width: 52,
              height: 52,
              borderRadius: 'var(--mantine-radius-md)',
              backgroundColor: tile.backgroundColor,
            }}
          >
            <CategoryIcon name={tile.icon} color={tile.iconColor} size={26} />
          </span>
          <div style={{ minWidth: 0 }}>
            <Text size="xs" fw={700} tt="uppercase" c="indigo.8" id={labelId}>
              Continue learning
            </Text>
            <Text fw={700} size="lg" lh={1.3}>
              {course.title}
            </Text>
            <Text size="sm" c="dimmed">
              Instructor: {course.teacher.firstname} {course.teacher.lastname} · Enrolled on{' '}
              <time dateTime={enrolment.enrolledAt}>{formatDate(enrolment.enrolledAt, timeZone)}</time>
            </Text>
            {withLessons ? (
              <Stack gap={4} mt={6} maw={360}>
                <Text size="sm" fw={600}>
                  {place ? `${place} · ` : ''}
                  {enrolment.progressPercent}% complete
                </Text>
                <Progress
                  value={enrolment.progressPercent}
                  color="teal.8"
                  size="sm"
                  aria-label={`Progress in ${course.title}`}
                />
              </Stack>
            ) : null}
          </div>
        </Group>
        <Button
          component={Link}
          to={withLessons ? paths.learn.href(course.id, resumeId) : paths.courseDetails.href(course.id)}
          rightSection={<IconArrowRight size={18} aria-hidden />}
          aria-label={`Continue the course ${course.title}`}
        >
          Continue
        </Button>
      </Group>
    </Paper>
  );
}
