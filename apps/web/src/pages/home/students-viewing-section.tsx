import { Badge, Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { paths } from '@/config/paths';
import { usePopularCourses } from '@/features/courses/api/get-popular-courses';
import { formatCount } from '@/lib/format';
import { COURSE_SECTION_SIZE, CourseQueryGrid, CourseSection } from '@/components/course-section';

/** The window "Student are viewing" counts enrolments in (docs/decisions/015). */
const POPULAR_DAYS = 30;

/** "Student are viewing" (spec §2): the courses students enrolled in most over the last 30 days. */
export function StudentsViewingSection() {
  const query = usePopularCourses(POPULAR_DAYS, COURSE_SECTION_SIZE);
  return (
    <CourseSection
      title="Student are viewing"
      description={`The courses students enrolled in most over the last ${POPULAR_DAYS} days.`}
    >
      <CourseQueryGrid
        query={query}
        select={(data) =>
          data.items.map(({ course, recentEnrolments }) => ({
            course,
            badges: (
              <Badge
                variant="light"
                color="teal"
                c="teal.9"
                bg="teal.0"
                radius="sm"
                size="sm"
                style={{ flexShrink: 0 }}
                tt="none"
              >
                +{formatCount(recentEnrolments)} in {data.days} days
              </Badge>
            ),
          }))
        }
        errorTitle="These courses could not be loaded"
        empty={
          <EmptySection
            message={`No enrolments in the last ${POPULAR_DAYS} days`}
            description="Once students enrol in courses, the most popular show up here."
          >
            <Button component={Link} to={paths.courses.href()} variant="default">
              Browse all courses
            </Button>
          </EmptySection>
        }
      />
    </CourseSection>
  );
}
