import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useCourse } from '@/features/courses/api/get-course';
import { usePageTitle } from '@/lib/use-page-title';

export interface CoursePageLink {
  to: string;
  label: string;
  icon?: ReactNode;
  variant?: 'default' | 'light';
}

export interface CoursePageHeaderProps {
  courseId: string;
  /** The page's h1; the tab title is "<title> · <course>" once the course has loaded. */
  title: string;
  /** The description, given the course's title (undefined until it has loaded). */
  describe: (courseTitle: string | undefined) => ReactNode;
  /** The buttons on the right, in order. */
  links: CoursePageLink[];
  gap?: 'xs' | 'sm';
}

/** The header of a page about one course (gradebook, grading, rubrics, question bank, progress): title, links. */
export function CoursePageHeader({ courseId, title, describe, links, gap = 'xs' }: CoursePageHeaderProps) {
  const courseTitle = useCourse(courseId).data?.title;
  usePageTitle(courseTitle ? `${title} · ${courseTitle}` : title);
  const buttons = links.map((link) => (
    <Button key={link.label} component={Link} to={link.to} variant={link.variant ?? 'default'} leftSection={link.icon}>
      {link.label}
    </Button>
  ));
  return (
    <PageHeader
      title={title}
      description={describe(courseTitle)}
      actions={buttons.length === 1 ? buttons[0] : <Group gap={gap}>{buttons}</Group>}
    />
  );
}
