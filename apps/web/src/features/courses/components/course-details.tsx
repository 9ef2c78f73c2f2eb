import type { Course, CourseViewer, Role } from '@lyceum/contract';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Breadcrumbs,
  Button,
  Divider,
  Grid,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconEdit, IconListDetails, IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptySection } from '@/components/empty-section';
import { LoadError } from '@/components/load-error';
import { RichTextView } from '@/components/rich-text-view';
import { RatingSummary } from '@/components/star-rating';
import { UserAvatar } from '@/components/user-avatar';
import { VideoEmbed } from '@/components/video-embed';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatDate } from '@/lib/format-date';
import { useTimeZone } from '@/lib/use-time-zone';
import { usePageTitle } from '@/lib/use-page-title';
import { useCourse } from '../api/get-course';
import { useCourseViewer } from '../api/get-course-viewer';
import { parseCategory } from '../hooks/use-catalogue-filters';
import { EnrolButton } from './enrol-button';
import { ShareButton } from './share-button';
import { CourseDetailsSkeleton } from './course-details-skeleton';
import { WishlistButton } from './wishlist-button';
import { FormattedMessage, useIntl } from '@/i18n/intl';
import { coursesMessages as m } from '../messages';
import { courseFormMessages } from '../form/messages';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section">
      <Title order={2} fz="lg">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function CheckList({ items }: { items: string[] }) {
  return (
    <List
      spacing="xs"
      icon={
        <ThemeIcon size={22} radius="xl" variant="light" color="teal">
          <IconCheck size={14} aria-hidden />
        </ThemeIcon>
      }
    >
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

function CourseInfo({ course }: { course: Course }) {
  const teacher = course.teacher;
  const intl = useIntl();
  return (
    <Stack gap="xl" pt="lg">
      <Section title={intl.formatMessage(m.aboutCourse)}>
        {course.aboutHtml ? (
          <RichTextView html={course.aboutHtml} />
        ) : (
          <Text c="dimmed">{intl.formatMessage(m.noDescription)}</Text>
        )}
      </Section>
      {course.learnItems.length > 0 ? (
        <Section title={intl.formatMessage(m.learnItems)}>
          <CheckList items={course.learnItems} />
        </Section>
      ) : null}
      {course.materialItems.length > 0 ? (
        <Section title={intl.formatMessage(m.materialItems)}>
          <List spacing={4}>
            {course.materialItems.map((item, index) => (
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {course.requirementItems.length > 0 ? (
        <Section title={intl.formatMessage(m.requirements)}>
          <List spacing={4}>
            {course.requirementItems.map((item, index) => (
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {course.audienceItems.length > 0 ? (
        <Section title={intl.formatMessage(m.audience)}>
          <List spacing={4}>
            {course.audienceItems.map((item, index) => (
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {course.tagItems.length > 0 ? (
        <Section title={intl.formatMessage(m.tags)}>
          <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {course.tagItems.map((tag, index) => (
              <li key={index}>
                <Badge variant="outline" color="gray" radius="sm" tt="none" size="lg" fw={500}>
                  {tag}
                </Badge>
              </li>
            ))}
          </Group>
        </Section>
      ) : null}
      <Section title={intl.formatMessage(m.instructor)}>
        <Group gap="md" wrap="nowrap">
          <UserAvatar image={teacher.profileImage} size={56} />
          <div>
            <Text fw={700}>
              {teacher.firstname} {teacher.lastname}
            </Text>
            {teacher.username !== `${teacher.firstname} ${teacher.lastname}` ? (
              <Text size="sm" c="dimmed">
                {teacher.username}
              </Text>
            ) : null}
          </div>
        </Group>
      </Section>
    </Stack>
  );
}

/** The Reviews tab when the page has no reviews list to put there: the rating summary alone. */
function RatingOnly({ course }: { course: Course }) {
  const intl = useIntl();
  return (
    <Stack gap="md" pt="lg">
      <Title order={2} fz="lg">
        {intl.formatMessage(m.rating)}
      </Title>
      {course.rating.count > 0 ? (
        <RatingSummary rating={course.rating} size="md" starSize={22} />
      ) : (
        <Text c="dimmed">{intl.formatMessage(m.noReviews)}</Text>
      )}
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" component="div">
      <Text size="sm" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="end" component="dd" m={0}>
        {children}
      </Text>
    </Group>
  );
}

interface SidebarProps {
  course: Course;
  viewer: CourseViewer | undefined;
  role: Role | null;
  onEnrolled?: () => void;
  duration?: string | null;
}

function Sidebar({ course, viewer, role, onEnrolled, duration }: SidebarProps) {
  const timeZone = useTimeZone();
  const intl = useIntl();
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="aside" aria-label={intl.formatMessage(m.enrolment)}>
      <Stack gap="md">
        <Text fz={32} fw={800} lh={1}>
          {intl.formatMessage(m.free)}
        </Text>
        {course.status !== 'published' && viewer?.enrolled ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.enrolledUnpublished)}
          </Text>
        ) : course.status !== 'published' ? (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.enrolOncePublished)}
          </Text>
        ) : role === 'student' ? (
          viewer ? (
            <EnrolButton courseId={course.id} enrolmentStatus={viewer.enrolmentStatus} onEnrolled={onEnrolled} />
          ) : (
            <Skeleton height={42} radius="md" />
          )
        ) : (
          <Text size="sm" c="dimmed">
            {intl.formatMessage(m.onlyStudents)}
          </Text>
        )}
        <Divider />
        <Stack gap="xs" component="dl" m={0}>
          <Fact label={intl.formatMessage(m.factEnrolled)}>{formatCount(course.enrolledCount)}</Fact>
          <Fact label={intl.formatMessage(m.factUpdated)}>
            <time dateTime={course.updatedAt}>{formatDate(course.updatedAt, timeZone)}</time>
          </Fact>
          <Fact label={intl.formatMessage(m.category)}>{course.category}</Fact>
          {/* The curriculum's total length; no row (never an invented figure) for a course without lessons. */}
          {duration ? <Fact label={intl.formatMessage(m.factDuration)}>{duration}</Fact> : null}
          <Fact label={intl.formatMessage(m.factLevel)}>
            {intl.formatMessage(courseFormMessages.levelLabel, { level: course.level })}
          </Fact>
          <Fact label={intl.formatMessage(m.instructor)}>
            {course.teacher.firstname} {course.teacher.lastname}
          </Fact>
        </Stack>
      </Stack>
    </Paper>
  );
}

export interface CourseDetailsProps {
  courseId: string;
  role: Role | null;
  /** Where the Edit button leads for someone who may edit the course. */
  editHref?: (courseId: string) => string;
  /** After the student's wishlist or enrolments changed. */
  onStudentChange?: () => void;
  /**
   * The Reviews tab's content: the page composes the reviews feature here (features do not import each other).
   * Without it the tab shows the rating summary alone.
   */
  reviews?: ReactNode;
  /** The curriculum outline ("Course content"), composed by the page from the curriculum feature. */
  curriculum?: ReactNode;
  /** The curriculum's total length ("3 h 20 min"), from the curriculum feature; null without lessons. */
  duration?: string | null;
  /** Where the Curriculum button leads for someone who may edit the course. */
  curriculumHref?: (courseId: string) => string;
}

/** Course details (spec §2): header, video, Course Info and Reviews tabs, and the enrolment sidebar. */
export function CourseDetails({
  courseId,
  role,
  editHref,
  onStudentChange,
  reviews,
  curriculum,
  duration,
  curriculumHref,
}: CourseDetailsProps) {
  const courseQuery = useCourse(courseId);
  const viewerQuery = useCourseViewer(courseId);
  const course = courseQuery.data;
  const viewer = viewerQuery.data;
  const intl = useIntl();
  usePageTitle(course?.title ?? intl.formatMessage(m.detailsTitle));

  if (courseQuery.isPending) return <CourseDetailsSkeleton />;
  if (courseQuery.isError) {
    const missing =
      courseQuery.error instanceof ApiError && (courseQuery.error.status === 404 || courseQuery.error.status === 400);
    return missing ? (
      <EmptySection
        message={intl.formatMessage(m.notFound)}
        description={intl.formatMessage(m.notFoundHint)}
        icon={<IconLock size={28} aria-hidden />}
      >
        <Button component={Link} to={paths.courses.href()} variant="default">
          {intl.formatMessage(m.browse)}
        </Button>
      </EmptySection>
    ) : (
      <LoadError
        title={intl.formatMessage(m.courseLoadFailed)}
        onRetry={() => void courseQuery.refetch()}
        retrying={courseQuery.isFetching}
      >
        {courseQuery.error.message}
      </LoadError>
    );
  }
  if (!course) return null;

  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Breadcrumbs separator="›" aria-label={intl.formatMessage(m.breadcrumb)}>
          <Anchor component={Link} to={paths.courses.href()} size="sm">
            {intl.formatMessage(m.courses)}
          </Anchor>
          <Anchor component={Link} to={paths.courses.href(parseCategory(course.category))} size="sm">
            {course.category}
          </Anchor>
        </Breadcrumbs>
        {course.status === 'draft' ? (
          <Badge variant="filled" color="gray.7" radius="sm">
            {intl.formatMessage(viewer?.canEdit ? m.draft : m.unpublished)}
          </Badge>
        ) : null}
        <Title order={1} fz={{ base: 28, sm: 38 }} lh={1.15}>
          {course.title}
        </Title>
        <Group gap="lg" wrap="wrap">
          <RatingSummary rating={course.rating} />
          <Text size="sm" c="dimmed">
            <FormattedMessage
              {...m.by}
              values={{
                name: () => (
                  <Text span fw={600} c="gray.9" inherit dir="auto">
                    {course.teacher.firstname} {course.teacher.lastname}
                  </Text>
                ),
              }}
            />
          </Text>
        </Group>
        {course.status === 'draft' && viewer?.enrolled && !viewer.canEdit ? (
          // Unpublished after the student enrolled: read-only access stays (ADR 018).
          <Alert
            variant="light"
            color="yellow"
            icon={<IconLock aria-hidden />}
            title={intl.formatMessage(m.noLongerPublished)}
          >
            {intl.formatMessage(m.readOnlyAccess)}
          </Alert>
        ) : course.status === 'draft' ? (
          <Alert variant="light" color="gray" icon={<IconLock aria-hidden />}>
            {intl.formatMessage(m.draftNotice)}
          </Alert>
        ) : null}
        <Group gap="sm" mt="xs">
          {role === 'student' && viewer && course.status === 'published' ? (
            <WishlistButton courseId={course.id} inWishlist={viewer.inWishlist} onChanged={onStudentChange} />
          ) : null}
          <ShareButton title={course.title} />
          {viewer?.canEdit && editHref ? (
            <Button
              component={Link}
              to={editHref(course.id)}
              variant="default"
              leftSection={<IconEdit size={18} aria-hidden />}
            >
              {intl.formatMessage(m.editCourse)}
            </Button>
          ) : null}
          {viewer?.canEdit && curriculumHref ? (
            <Button
              component={Link}
              to={curriculumHref(course.id)}
              variant="default"
              leftSection={<IconListDetails size={18} aria-hidden />}
            >
              {intl.formatMessage(m.editCurriculum)}
            </Button>
          ) : null}
        </Group>
      </Stack>

      <Grid gap="xl">
        {/* First in reading order (and on phones): price and enrolment; on wide screens the right-hand column. */}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <div style={{ position: 'sticky', top: 96 }}>
            <Sidebar course={course} viewer={viewer} role={role} onEnrolled={onStudentChange} duration={duration} />
          </div>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="lg">
            <VideoEmbed link={course.videoLink} title={course.title} />
            {curriculum}
            <Tabs defaultValue="info" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="info">{intl.formatMessage(m.tabInfo)}</Tabs.Tab>
                <Tabs.Tab value="reviews">{intl.formatMessage(m.tabReviews)}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="info">
                <CourseInfo course={course} />
              </Tabs.Panel>
              <Tabs.Panel value="reviews">
                {reviews ? <Box pt="lg">{reviews}</Box> : <RatingOnly course={course} />}
              </Tabs.Panel>
            </Tabs>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
