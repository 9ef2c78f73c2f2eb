import { PERSONAL_DEVELOPMENT_CATEGORIES } from '@lyceum/contract/constants';
import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { paths } from '@/config/paths';
import { useCoursesInCategories } from '@/features/courses/api/get-courses-in-categories';
import { COURSE_SECTION_SIZE, CourseQueryGrid, CourseSection } from '@/components/course-section';

/** A list in words: "Business, Marketing, Photography and Acting". */
function listOf(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * "The course in personal development" (spec §2): the top rated courses of the categories that count as personal
 * development (PERSONAL_DEVELOPMENT_CATEGORIES, docs/decisions/015), in one request.
 */
export function PersonalDevelopmentSection() {
  const query = useCoursesInCategories(PERSONAL_DEVELOPMENT_CATEGORIES, COURSE_SECTION_SIZE, 'rating');
  return (
    <CourseSection
      title="The course in personal development"
      description={`Grow beyond the screen: the best rated courses in ${listOf(PERSONAL_DEVELOPMENT_CATEGORIES)}.`}
    >
      <CourseQueryGrid
        query={query}
        select={(data) => data.items.map((course) => ({ course }))}
        errorTitle="These courses could not be loaded"
        empty={
          <EmptySection message="No personal development courses yet">
            <Button component={Link} to={paths.courses.href()} variant="default">
              Browse all courses
            </Button>
          </EmptySection>
        }
      />
    </CourseSection>
  );
}
