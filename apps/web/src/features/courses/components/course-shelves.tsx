import type { CourseShelf } from '@lyceum/contract';
import { Anchor, Box, Group, SimpleGrid, Skeleton, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconArrowRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AutoplayCarousel } from '../../../components/autoplay-carousel';
import { CourseCard, CourseCardSkeleton } from '../../../components/course-card';
import { EmptySection } from '../../../components/empty-section';
import { LoadError } from '../../../components/load-error';
import { paths } from '../../../config/paths';
import { useCourses } from '../api/get-courses';
import { useFeaturedCourses } from '../api/get-featured-courses';
import { useRecommendedCourses } from '../api/get-recommended-courses';
import classes from './course-shelves.module.css';

/** Cards on each home shelf. */
const SHELF_SIZE = 4;
/** Cards in the home carousel. */
const CAROUSEL_SIZE = 9;

const SHELF_COLS = { base: 1, sm: 2, lg: 4 } as const;

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

interface ShelfFrameProps {
  title: string;
  description: string;
  children: ReactNode;
  headingId: string;
  /** False when the content names itself after the heading (the carousel region): one landmark per name. */
  labelled?: boolean;
}

/** A home section: heading, a line under it, "See all" to the catalogue (spec §2), then its content. */
function ShelfFrame({ title, description, children, headingId, labelled = true }: ShelfFrameProps) {
  return (
    <section aria-labelledby={labelled ? headingId : undefined}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div>
          <Title order={2} id={headingId} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        <Anchor component={Link} to={paths.courses.href()} fw={600}>
          <Group gap={4} wrap="nowrap" component="span">
            See all
            <VisuallyHidden> courses</VisuallyHidden>
            <IconArrowRight size={16} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {children}
    </section>
  );
}

function ShelfContent({ query, emptyMessage }: { query: UseQueryResult<CourseShelf>; emptyMessage: string }) {
  if (query.isPending) {
    return (
      <div role="status">
        <VisuallyHidden>Loading courses…</VisuallyHidden>
        <SimpleGrid cols={SHELF_COLS} spacing="lg" aria-hidden>
          {Array.from({ length: SHELF_SIZE }, (_, index) => (
            <CourseCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="These courses could not be loaded"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        {query.error.message}
      </LoadError>
    );
  }
  if (query.data.items.length === 0) return <EmptySection message={emptyMessage} />;
  return (
    <SimpleGrid cols={SHELF_COLS} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {query.data.items.map((course) => (
        <li key={course.id} className={classes.item}>
          <CourseCard course={course} />
        </li>
      ))}
    </SimpleGrid>
  );
}

/** The autoplay carousel of the newest published courses (spec §2 home; shared carousel, spec §9 timing). */
export function LatestCoursesSection() {
  const headingId = useId();
  const query = useCourses({ sort: 'newest', page: 1, pageSize: CAROUSEL_SIZE });
  const title = 'New on Lyceum';
  return (
    <ShelfFrame
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
    </ShelfFrame>
  );
}

/** Recommended for you: a student's favoured categories first, otherwise the newest. */
export function RecommendedCoursesSection({ personal }: { personal: boolean }) {
  const headingId = useId();
  const query = useRecommendedCourses(SHELF_SIZE);
  return (
    <ShelfFrame
      title="Recommended for you"
      description={
        personal
          ? 'Picked from the categories of the courses you enrolled in and saved.'
          : 'Fresh courses worth a look. Log in as a student for picks from your own interests.'
      }
      headingId={headingId}
    >
      <ShelfContent query={query} emptyMessage="No courses have been published yet" />
    </ShelfFrame>
  );
}

/** Featured Courses: the top rated published courses. */
export function FeaturedCoursesSection() {
  const headingId = useId();
  const query = useFeaturedCourses(SHELF_SIZE);
  return (
    <ShelfFrame title="Featured Courses" description="The courses students rate highest." headingId={headingId}>
      <ShelfContent query={query} emptyMessage="No courses have been published yet" />
    </ShelfFrame>
  );
}
