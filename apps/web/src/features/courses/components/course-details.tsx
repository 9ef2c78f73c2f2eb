import { COURSE_LEVEL_LABELS } from '@lyceum/contract/constants';
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
  return (
    <Stack gap="xl" pt="lg">
      <Section title="About Course">
        {course.aboutHtml ? (
          <RichTextView html={course.aboutHtml} />
        ) : (
          <Text c="dimmed">The teacher has not written a description yet.</Text>
        )}
      </Section>
      {course.learnItems.length > 0 ? (
        <Section title="What will you learn">
          <CheckList items={course.learnItems} />
        </Section>
      ) : null}
      {course.materialItems.length > 0 ? (
        <Section title="Material includes">
          <List spacing={4}>
            {course.materialItems.map((item, index) => (
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {course.requirementItems.length > 0 ? (
        <Section title="Requirements">
          <List spacing={4}>
            {course.requirementItems.map((item, index) => (
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {course.audienceItems.length > 0 ? (
        <Section title="Audience">
          <List spacing={4}>
            {course.audienceItems.map((item, index) => (
              <List.Item key={index}>{item}</List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {course.tagItems.length > 0 ? (
        <Section title="Tags">
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
      <Section title="Instructor">
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
  return (
    <Stack gap="md" pt="lg">
      <Title order={2} fz="lg">
        Rating
      </Title>
      {course.rating.count > 0 ? (
        <RatingSummary rating={course.rating} size="md" starSize={22} />
      ) : (
        <Text c="dimmed">This course has no reviews yet.</Text>
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
      <Text size="sm" fw={600} ta="right" component="dd" m={0}>
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
  return (
    <Paper withBorder radius="lg" p="lg" shadow="xs" component="aside" aria-label="Enrolment">
      <Stack gap="md">
        <Text fz={32} fw={800} lh={1}>
          Free
        </Text>
        {course.status !== 'published' && viewer?.enrolled ? (
          <Text size="sm" c="dimmed">
            You are enrolled. The course is not published at the moment.
          </Text>
        ) : course.status !== 'published' ? (
          <Text size="sm" c="dimmed">
            Students can enrol once the course is published.
          </Text>
        ) : role === 'student' ? (
          viewer ? (
            <EnrolButton courseId={course.id} enrolmentStatus={viewer.enrolmentStatus} onEnrolled={onEnrolled} />
          ) : (
            <Skeleton height={42} radius="md" />
          )
        ) : (
          <Text size="sm" c="dimmed">
            Only students can enrol in courses.
          </Text>
        )}
        <Divider />
        <Stack gap="xs" component="dl" m={0}>
          <Fact label="Enrolled">{formatCount(course.enrolledCount)}</Fact>
          <Fact label="Last updated">
            <time dateTime={course.updatedAt}>{formatDate(course.updatedAt, timeZone)}</time>
          </Fact>
          <Fact label="Category">{course.category}</Fact>
          {/* The curriculum's total length; no row (never an invented figure) for a course without lessons. */}
          {duration ? <Fact label="Duration">{duration}</Fact> : null}
          <Fact label="Level">{COURSE_LEVEL_LABELS[course.level]}</Fact>
          <Fact label="Instructor">
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
  usePageTitle(course?.title ?? 'Course details');

  if (courseQuery.isPending) return <CourseDetailsSkeleton />;
  if (courseQuery.isError) {
    const missing =
      courseQuery.error instanceof ApiError && (courseQuery.error.status === 404 || courseQuery.error.status === 400);
    return missing ? (
      <EmptySection
        message="Course not found"
        description="This course does not exist, or it is not published."
        icon={<IconLock size={28} aria-hidden />}
      >
        <Button component={Link} to={paths.courses.href()} variant="default">
          Browse courses
        </Button>
      </EmptySection>
    ) : (
      <LoadError
        title="The course could not be loaded"
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
        <Breadcrumbs separator="›" aria-label="Breadcrumb">
          <Anchor component={Link} to={paths.courses.href()} size="sm">
            Courses
          </Anchor>
          <Anchor component={Link} to={paths.courses.href(parseCategory(course.category))} size="sm">
            {course.category}
          </Anchor>
        </Breadcrumbs>
        {course.status === 'draft' ? (
          <Badge variant="filled" color="gray.7" radius="sm">
            {viewer?.canEdit ? 'Draft' : 'Unpublished'}
          </Badge>
        ) : null}
        <Title order={1} fz={{ base: 28, sm: 38 }} lh={1.15}>
          {course.title}
        </Title>
        <Group gap="lg" wrap="wrap">
          <RatingSummary rating={course.rating} />
          <Text size="sm" c="dimmed">
            By{' '}
            <Text span fw={600} c="gray.9" inherit>
              {course.teacher.firstname} {course.teacher.lastname}
            </Text>
          </Text>
        </Group>
        {course.status === 'draft' && viewer?.enrolled && !viewer.canEdit ? (
          // Unpublished after the student enrolled: read-only access stays (ADR 018).
          <Alert
            variant="light"
            color="yellow"
            icon={<IconLock aria-hidden />}
            title="This course is no longer published"
          >
            You keep read-only access because you are enrolled. New students cannot enrol, and reviews are closed until
            it is published again.
          </Alert>
        ) : course.status === 'draft' ? (
          <Alert variant="light" color="gray" icon={<IconLock aria-hidden />}>
            This course is a draft: only its teacher and administrators can see it.
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
              Edit course
            </Button>
          ) : null}
          {viewer?.canEdit && curriculumHref ? (
            <Button
              component={Link}
              to={curriculumHref(course.id)}
              variant="default"
              leftSection={<IconListDetails size={18} aria-hidden />}
            >
              Edit curriculum
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
                <Tabs.Tab value="info">Course Info</Tabs.Tab>
                <Tabs.Tab value="reviews">Reviews</Tabs.Tab>
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
