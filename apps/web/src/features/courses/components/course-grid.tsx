import type { CourseCard as CourseCardData } from '@lyceum/contract';
import { SimpleGrid, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { CourseCardSkeleton } from '@/components/course-card';

export const COURSE_GRID_COLS = { base: 1, sm: 2, lg: 3 } as const;

export interface CourseGridProps<T> {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
  keyOf: (item: T) => string;
}

/** Course cards in a responsive grid: one column on phones, two on tablets, three on desktops. */
export function CourseGrid<T = CourseCardData>({ items, renderItem, keyOf }: CourseGridProps<T>) {
  return (
    <SimpleGrid
      cols={COURSE_GRID_COLS}
      spacing="lg"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {items.map((item) => (
        <li key={keyOf(item)} style={{ display: 'flex', flexDirection: 'column' }}>
          {renderItem(item)}
        </li>
      ))}
    </SimpleGrid>
  );
}

/** The loading state of a course grid: card-shaped placeholders, announced once. */
export function CourseGridSkeleton({ count = 6, label = 'Loading courses…' }: { count?: number; label?: string }) {
  return (
    <div role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <SimpleGrid cols={COURSE_GRID_COLS} spacing="lg">
        {Array.from({ length: count }, (_, index) => (
          <CourseCardSkeleton key={index} />
        ))}
      </SimpleGrid>
    </div>
  );
}
