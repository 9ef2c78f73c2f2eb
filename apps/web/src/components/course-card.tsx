import type { CourseCard as CourseCardData } from '@lyceum/contract';
import { CATEGORY_TILES } from '@lyceum/contract/constants';
import { Badge, Button, Card, Group, Skeleton, Text, Title, type TitleOrder } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { FormattedMessage, useIntl } from '../i18n/intl';
import { formatCount } from '../lib/format';
import { CategoryIcon } from './category-icon';
import classes from './course-card.module.css';
import { cardMessages as m } from './messages';
import { RatingSummary } from './star-rating';

const FALLBACK_TILE = { icon: 'category', iconColor: '#495057', backgroundColor: '#f1f3f5' };

/** The colours and icon of a category's home tile, so a course looks like the tile that leads to it. */
export function categoryTileOf(category: string) {
  return CATEGORY_TILES.find((tile) => tile.name === category) ?? FALLBACK_TILE;
}

export interface CourseCardProps {
  course: CourseCardData;
  /** The card title's heading level (3 under a section's h2). */
  headingOrder?: TitleOrder;
  /** Spec's teacher and student lists show the instructor's first name only. */
  instructorName?: 'full' | 'first';
  /** Replaces the Enroll Now button, e.g. edit and delete on My Courses. */
  actions?: ReactNode;
  /** Small print above the actions, e.g. the enrolment status. */
  badges?: ReactNode;
  /** Hide the excerpt (compact lists). */
  withExcerpt?: boolean;
}

/**
 * Spec §2 course card: category, instructor, title, description excerpt and Enroll Now, linking to the course.
 * The spec's fixed "3 Month" duration is left out (no course has a duration yet; docs/decisions/008): the card
 * shows the real rating (only when there are reviews) and the real number enrolled instead.
 */
export function CourseCard({
  course,
  headingOrder = 3,
  instructorName = 'full',
  actions,
  badges,
  withExcerpt = true,
}: CourseCardProps) {
  const intl = useIntl();
  const titleId = useId();
  const tile = categoryTileOf(course.category);
  const href = paths.courseDetails.href(course.id);
  const instructor =
    instructorName === 'first' ? course.teacher.firstname : `${course.teacher.firstname} ${course.teacher.lastname}`;

  return (
    <Card withBorder radius="lg" padding={0} component="article" aria-labelledby={titleId} className={classes.card}>
      <div className={classes.banner} style={{ backgroundColor: tile.backgroundColor }} aria-hidden>
        <span className={classes.bannerIcon}>
          <CategoryIcon name={tile.icon} color={tile.iconColor} size={26} />
        </span>
        <span className={classes.bannerMark}>
          <CategoryIcon name={tile.icon} color={tile.iconColor} size={96} />
        </span>
      </div>
      <div className={classes.body}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Badge variant="light" color="indigo" radius="sm">
            {course.category}
          </Badge>
          {badges}
        </Group>
        <Title order={headingOrder} fz="lg" lh={1.3} id={titleId}>
          <Link to={href} className={classes.title} dir="auto">
            {course.title}
          </Link>
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage
            {...m.instructor}
            values={{ name: instructor, b: (chunks: ReactNode[]) => <strong>{chunks}</strong> }}
          />
        </Text>
        {withExcerpt && course.excerpt ? (
          <Text size="sm" c="gray.7" lineClamp={3} dir="auto">
            {course.excerpt}
          </Text>
        ) : null}
        <Group gap="md" mt="auto" pt={4} wrap="wrap">
          <RatingSummary rating={course.rating} size="xs" starSize={14} />
          <Group gap={4} wrap="nowrap">
            <IconUsers size={16} aria-hidden color="var(--mantine-color-gray-6)" />
            <Text size="xs" c="dimmed">
              {intl.formatMessage(m.enrolled, { count: course.enrolledCount, n: formatCount(course.enrolledCount) })}
            </Text>
          </Group>
        </Group>
      </div>
      <div className={classes.footer}>
        {actions ?? (
          <Button
            component={Link}
            to={href}
            fullWidth
            variant="light"
            aria-label={intl.formatMessage(m.enrollNowLabel, { title: course.title })}
          >
            {intl.formatMessage(m.enrollNow)}
          </Button>
        )}
      </div>
    </Card>
  );
}

/** The same footprint as a CourseCard while the list loads. */
export function CourseCardSkeleton() {
  return (
    <Card withBorder radius="lg" padding={0} aria-hidden>
      <Skeleton height={84} radius={0} />
      <div className={classes.body}>
        <Skeleton height={18} width={90} radius="sm" />
        <Skeleton height={20} width="85%" radius="sm" mt={6} />
        <Skeleton height={12} width="50%" radius="sm" mt={6} />
        <Skeleton height={12} width="100%" radius="sm" mt={10} />
        <Skeleton height={12} width="90%" radius="sm" />
      </div>
      <div className={classes.footer}>
        <Skeleton height={36} radius="md" />
      </div>
    </Card>
  );
}
