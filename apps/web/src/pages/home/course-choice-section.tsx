import type { CourseCategory } from '@lyceum/contract';
import { COURSE_CATEGORIES } from '@lyceum/contract/constants';
import { Anchor, Box, Button, Group, Text, VisuallyHidden } from '@mantine/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { paths } from '@/config/paths';
import { useCourses } from '@/features/courses/api/get-courses';
import { formatCount } from '@/lib/format';
import { COURSE_SECTION_SIZE, CourseQueryGrid, CourseSection } from '@/components/course-section';

/** "Get choice of your course" (spec §2): the most enrolled courses of one category, the category chosen here. */
export function CourseChoiceSection() {
  const [category, setCategory] = useState<CourseCategory>(COURSE_CATEGORIES[0]);
  const labelId = useId();
  const query = useCourses({ category, sort: 'popular', page: 1, pageSize: COURSE_SECTION_SIZE });
  const shown = query.data?.items.length ?? 0;
  const total = query.data?.total ?? 0;

  return (
    <CourseSection
      title="Get choice of your course"
      description="Pick a subject and see the courses students enrol in most."
    >
      <Group gap="xs" role="group" aria-labelledby={labelId} mb="md">
        <Text id={labelId} size="sm" fw={600} mr={4}>
          Category:
        </Text>
        {COURSE_CATEGORIES.map((option) => {
          const pressed = option === category;
          return (
            <Button
              key={option}
              size="sm"
              radius="xl"
              variant={pressed ? 'filled' : 'default'}
              aria-pressed={pressed}
              onClick={() => setCategory(option)}
            >
              {option}
            </Button>
          );
        })}
      </Group>
      <Group justify="space-between" gap="xs" mb="md" mih={26}>
        {/* Announces the new list after a choice; an empty category says so once, in the empty state below. */}
        <Text size="sm" c="dimmed" role="status">
          {query.isSuccess && !query.isPlaceholderData ? (
            total === 0 ? (
              <VisuallyHidden>No {category} courses yet</VisuallyHidden>
            ) : (
              `Showing ${formatCount(shown)} of ${formatCount(total)} ${category} ${total === 1 ? 'course' : 'courses'}`
            )
          ) : null}
        </Text>
        {query.isSuccess && total > shown && !query.isPlaceholderData ? (
          <Anchor component={Link} to={paths.courses.href(category)} size="sm" fw={600}>
            All {formatCount(total)} {category} courses
          </Anchor>
        ) : null}
      </Group>
      <Box aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
        <CourseQueryGrid
          query={query}
          select={(data) => data.items.map((course) => ({ course }))}
          errorTitle="These courses could not be loaded"
          empty={
            <EmptySection
              message={`No ${category} courses yet`}
              description="Try another category, or look through the whole catalogue."
            >
              <Button component={Link} to={paths.courses.href()} variant="default">
                Browse all courses
              </Button>
            </EmptySection>
          }
        />
      </Box>
    </CourseSection>
  );
}
