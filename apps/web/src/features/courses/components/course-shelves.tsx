import { Box, Group, SimpleGrid, Skeleton, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { AutoplayCarousel } from '@/components/autoplay-carousel';
import { CourseCard, CourseCardSkeleton } from '@/components/course-card';
import { COURSE_SECTION_SIZE, CourseQueryGrid, CourseSection } from '@/components/course-section';
import { EmptySection } from '@/components/empty-section';
import { LoadError } from '@/components/load-error';
import { useCourses } from '../api/get-courses';
import { useFeaturedCourses } from '../api/get-featured-courses';
import { useRecommendedCourses } from '../api/get-recommended-courses';

/** Cards in the home carousel. */
const CAROUSEL_SIZE = 9;

/** Spec §9: one card under 768 px, two up to 1000 px, three above. */
const CAROUSEL_SLIDES = { base: 1, tablet: 2, desktop: 3 } as const;

/** The carousel's loading state: card placeholders in its place. */
function CarouselSkeleton() {
  return (
    <div role="status">
      <VisuallyHidden>Loading courses…</VisuallyHidden>
      <Group justify="flex-end" gap="xs" mb="sm" aria-hidden>
        <Skeleton height={40} width={136} radius="xl" />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" aria-hidden>
        <CourseCardSkeleton />
        <Box visibleFrom="sm">
          <CourseCardSkeleton />
        </Box>
        <Box visibleFrom="md">
          <CourseCardSkeleton />
        </Box>
      </SimpleGrid>
    </div>
  );
}

/** The autoplay carousel of the newest published courses (spec §2 home; shared carousel, spec §9 timing). */
export function LatestCoursesSection() {
  const headingId = useId();
  const query = useCourses({ sort: 'newest', page: 1, pageSize: CAROUSEL_SIZE });
  const title = 'New on Lyceum';
  return (
    <CourseSection
      title={title}
      description="The latest courses our teachers have published."
      headingId={headingId}
      labelled={!(query.isSuccess && query.data.items.length > 0)}
    >
      {query.isPending ? (
        <CarouselSkeleton />
      ) : query.isError ? (
        <LoadError
          title="The courses could not be loaded"
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        >
          {query.error.message}
        </LoadError>
      ) : query.data.items.length === 0 ? (
        <EmptySection message="No courses have been published yet" />
      ) : (
        <AutoplayCarousel
          items={query.data.items}
          getKey={(course) => course.id}
          renderSlide={(course) => <CourseCard course={course} />}
          labelledBy={headingId}
          itemsName="courses"
          slidesPerView={CAROUSEL_SLIDES}
        />
      )}
    </CourseSection>
  );
}

/** Recommended for you: a student's favoured categories first, otherwise the newest. */
export function RecommendedCoursesSection({ personal }: { personal: boolean }) {
  const headingId = useId();
  const query = useRecommendedCourses(COURSE_SECTION_SIZE);
  return (
    <CourseSection
      title="Recommended for you"
      description={
        personal
          ? 'Picked from the categories of the courses you enrolled in and saved.'
          : 'Fresh courses worth a look. Log in as a student for picks from your own interests.'
      }
      headingId={headingId}
    >
      <CourseQueryGrid
        query={query}
        select={(shelf) => shelf.items.map((course) => ({ course }))}
        empty={<EmptySection message="No courses have been published yet" />}
        errorTitle="These courses could not be loaded"
      />
    </CourseSection>
  );
}

/** Featured Courses: the top rated published courses. */
export function FeaturedCoursesSection() {
  const headingId = useId();
  const query = useFeaturedCourses(COURSE_SECTION_SIZE);
  return (
    <CourseSection title="Featured Courses" description="The courses students rate highest." headingId={headingId}>
      <CourseQueryGrid
        query={query}
        select={(shelf) => shelf.items.map((course) => ({ course }))}
        empty={<EmptySection message="No courses have been published yet" />}
        errorTitle="These courses could not be loaded"
      />
    </CourseSection>
  );
}
