import type { CourseCard as CourseCardData } from '@lyceum/contract';
import { Anchor, Group, SimpleGrid, Text, Title, VisuallyHidden } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconArrowRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { CourseCard, CourseCardSkeleton } from './course-card';
import classes from './course-section.module.css';
import { LoadError } from './load-error';

/** Cards in each course section of the home page. */
export const COURSE_SECTION_SIZE = 4;

const GRID_COLS = { base: 1, sm: 2, lg: 4 } as const;

export interface CourseSectionProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
  /** The heading's id, when the content refers to it too (the carousel names its region after it). */
  headingId?: string;
  /** False when the content names itself after the heading (the carousel region): one landmark per name. */
  labelled?: boolean;
}

/** A home course section (spec §2): an h2, a line under it, "See all" to the catalogue, then its content. */
export function CourseSection({ title, description, children, headingId, labelled = true }: CourseSectionProps) {
  const ownId = useId();
  const id = headingId ?? ownId;
  return (
    <section aria-labelledby={labelled ? id : undefined}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
        <div>
          <Title order={2} id={id} fz={{ base: 24, sm: 30 }}>
            {title}
          </Title>
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        </div>
        <Anchor component={Link} to={paths.courses.href()} fw={600} py={4}>
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

export interface SectionCourse {
  course: CourseCardData;
  /** Small print on the card, e.g. how many enrolled this month. */
  badges?: ReactNode;
}

export interface CourseQueryGridProps<T> {
  query: UseQueryResult<T>;
  /** The cards to show from the answer. */
  select: (data: T) => readonly SectionCourse[];
  /** What an empty answer shows (an EmptySection). */
  empty: ReactNode;
  errorTitle: string;
}

/** The cards of a course section, with its loading, error and empty states; phones see the first two. */
export function CourseQueryGrid<T>({ query, select, empty, errorTitle }: CourseQueryGridProps<T>) {
  if (query.isPending) {
    return (
      <div role="status">
        <VisuallyHidden>Loading courses…</VisuallyHidden>
        <SimpleGrid cols={GRID_COLS} spacing="lg" aria-hidden>
          {Array.from({ length: COURSE_SECTION_SIZE }, (_, index) => (
            <CourseCardSkeleton key={index} />
          ))}
        </SimpleGrid>
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError title={errorTitle} onRetry={() => void query.refetch()} retrying={query.isFetching}>
        {query.error.message}
      </LoadError>
    );
  }
  const items = select(query.data);
  if (items.length === 0) return empty;
  return (
    <SimpleGrid cols={GRID_COLS} spacing="lg" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map(({ course, badges }) => (
        <li key={course.id} className={classes.item}>
          <CourseCard course={course} badges={badges} />
        </li>
      ))}
    </SimpleGrid>
  );
}
