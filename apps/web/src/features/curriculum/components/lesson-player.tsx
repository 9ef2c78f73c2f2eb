import type { Curriculum, Lesson, OutlineItem } from '@lyceum/contract';
import { videoEmbed } from '@lyceum/contract/constants';
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Collapse,
  Grid,
  Group,
  List,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
  useDirection,
} from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { IconArrowLeft, IconArrowRight, IconCheck, IconDownload, IconListDetails, IconLock } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { RichTextView } from '@/components/rich-text-view';
import { VideoEmbed } from '@/components/video-embed';
import { paths } from '@/config/paths';
import { notifyError } from '@/lib/notify';
import { useCompleteItem } from '../api/complete-item';
import { curriculumMessages as messages } from '../messages';
import { CurriculumOutline } from './curriculum-outline';
import { useCurriculumText } from './use-curriculum-text';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface LessonPlayerProps {
  curriculum: Curriculum;
  lesson: Lesson;
}

/**
 * The lesson player: outline side panel (a collapsible panel on phones) with ticks, the lesson (video, body,
 * attachments), previous/next and "Mark as complete". A lesson without video completes itself when the student
 * reaches its end (docs/decisions/016). Alt+Shift+→ / ← move to the next / previous lesson: with modifiers, so
 * screen readers' single-key navigation keeps working.
 */
export function LessonPlayer({ curriculum, lesson }: LessonPlayerProps) {
  const navigate = useNavigate();
  const [outlineOpen, outline] = useDisclosure(false);
  const complete = useCompleteItem();
  const items: OutlineItem[] = curriculum.sections.flatMap((s) => s.items);
  const index = items.findIndex((i) => i.id === lesson.id);
  const open = (item: OutlineItem | undefined) => (item && !item.locked ? item : undefined);
  const previous = open(items[index - 1]);
  const next = open(items[index + 1]);
  /** Sequential mode: the next lesson waits for this one (or an earlier one) to be completed. */
  const nextWaits = items[index + 1]?.lockReason === 'sequence';
  const enrolled = curriculum.viewer.enrolled;
  const completed = items[index]?.completed ?? lesson.completed;
  const progress = curriculum.viewer.progress;
  const endRef = useRef<HTMLDivElement>(null);
  const { intl, duration, place, progress: progressText, percent } = useCurriculumText();
  // Arrows point the way the page reads: mirrored right to left.
  const { dir } = useDirection();
  const mirrored = dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;

  const markComplete = () => {
    if (!enrolled || completed || complete.isPending) return;
    complete.mutate(
      { courseId: curriculum.courseId, itemId: lesson.id },
      { onError: (error) => notifyError(error.message || intl.formatMessage(messages.markCompleteFailed)) },
    );
  };

  // Auto-complete a text lesson (no video) when the student scrolls to its end; a lesson that fits the screen
  // without scrolling keeps the button (opening is not reading).
  const hasVideo = Boolean(videoEmbed(lesson.videoLink));
  useEffect(() => {
    const end = endRef.current;
    if (!end || hasVideo || !enrolled || completed || typeof IntersectionObserver === 'undefined') return;
    let observer: IntersectionObserver | null = null;
    const arm = () => {
      window.removeEventListener('scroll', arm);
      observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer?.disconnect();
          markComplete();
        }
      });
      observer.observe(end);
    };
    window.addEventListener('scroll', arm, { passive: true });
    return () => {
      window.removeEventListener('scroll', arm);
      observer?.disconnect();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lesson.id, hasVideo, enrolled, completed]);

  useHotkeys([
    ['alt+shift+ArrowRight', () => next && void navigate(paths.learn.href(curriculum.courseId, next.id))],
    ['alt+shift+ArrowLeft', () => previous && void navigate(paths.learn.href(curriculum.courseId, previous.id))],
  ]);

  const outlinePanel = (
    <CurriculumOutline
      curriculum={curriculum}
      currentItemId={lesson.id}
      compact
      headingLevel={2}
      onNavigate={outline.close}
    />
  );

  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 1 }}>
        <Paper withBorder radius="lg" p="md" component="nav" aria-label={intl.formatMessage(messages.courseOutline)}>
          <Stack gap="sm">
            <Anchor component={Link} to={paths.courseDetails.href(curriculum.courseId)} size="sm" fw={600}>
              <Group component="span" gap={4} wrap="nowrap">
                <IconArrowLeft size={16} aria-hidden style={mirrored} />
                {intl.formatMessage(messages.courseDetails)}
              </Group>
            </Anchor>
            {progress && progress.totalItems > 0 ? (
              <Stack gap={4}>
                <Text size="sm" fw={600}>
                  {progressText(progress.completedItems, progress.totalItems, items)} · {percent(progress.percent)}
                </Text>
                <Progress
                  value={progress.percent}
                  color="teal.8"
                  aria-label={intl.formatMessage(messages.courseProgress)}
                />
              </Stack>
            ) : null}
            <Box hiddenFrom="md">
              <Button
                variant="default"
                fullWidth
                leftSection={<IconListDetails size={18} aria-hidden />}
                onClick={outline.toggle}
                aria-expanded={outlineOpen}
                aria-controls="lesson-outline-panel"
              >
                {intl.formatMessage(outlineOpen ? messages.hideOutline : messages.showOutline)}
              </Button>
              <Collapse expanded={outlineOpen} id="lesson-outline-panel">
                <Box pt="md">{outlineOpen ? outlinePanel : null}</Box>
              </Collapse>
            </Box>
            <Box visibleFrom="md">{outlinePanel}</Box>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 2 }}>
        <Stack gap="lg" component="article" aria-labelledby="lesson-title">
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {[place(items, lesson.id), duration(lesson.durationMinutes)].filter(Boolean).join(' · ')}
            </Text>
            <Group gap="sm">
              <Title order={1} fz={{ base: 26, sm: 32 }} id="lesson-title" dir="auto">
                {lesson.title}
              </Title>
              {!lesson.published ? (
                <Badge color="gray.7" variant="filled" radius="sm">
                  {intl.formatMessage(messages.draft)}
                </Badge>
              ) : null}
            </Group>
          </Stack>
          {!enrolled && !curriculum.viewer.canEdit ? (
            <Alert variant="light" color="indigo" icon={<IconLock aria-hidden />}>
              {intl.formatMessage(messages.freePreview)}
            </Alert>
          ) : null}
          <VideoEmbed link={lesson.videoLink} title={lesson.title} />
          {lesson.bodyHtml ? (
            <div dir="auto">
              <RichTextView html={lesson.bodyHtml} />
            </div>
          ) : null}
          {lesson.attachments.length > 0 ? (
            <Stack gap="xs" component="section" aria-labelledby="lesson-files">
              <Title order={2} fz="md" id="lesson-files">
                {intl.formatMessage(messages.attachments)}
              </Title>
              <List spacing={6} icon={<IconDownload size={16} aria-hidden />} center>
                {lesson.attachments.map((file) => (
                  <List.Item key={file.id}>
                    <Anchor href={file.url} download={file.filename} dir="auto">
                      {file.filename}
                    </Anchor>{' '}
                    <Text span size="xs" c="dimmed" dir="ltr">
                      ({formatBytes(file.bytes)})
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          ) : null}
          <div ref={endRef} aria-hidden style={{ height: 1 }} />
          {enrolled ? (
            completed ? (
              <Group gap="xs" role="status">
                <IconCheck size={20} color="var(--mantine-color-teal-8)" aria-hidden />
                <Text fw={600} c="teal.9">
                  {intl.formatMessage(messages.completed)}
                </Text>
              </Group>
            ) : (
              <Button
                onClick={markComplete}
                loading={complete.isPending}
                color="teal.9"
                leftSection={<IconCheck size={18} aria-hidden />}
                w="fit-content"
              >
                {intl.formatMessage(messages.markComplete)}
              </Button>
            )
          ) : null}
          <Group
            justify="space-between"
            gap="sm"
            pt="md"
            style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
          >
            {previous ? (
              <Button
                component={Link}
                to={paths.learn.href(curriculum.courseId, previous.id)}
                variant="default"
                leftSection={<IconArrowLeft size={18} aria-hidden style={mirrored} />}
                aria-keyshortcuts="Alt+Shift+ArrowLeft"
              >
                {intl.formatMessage(messages.previous)}
              </Button>
            ) : (
              <span />
            )}
            {!next && nextWaits ? (
              <Text size="sm" c="dimmed" role="status">
                <IconLock size={14} aria-hidden style={{ verticalAlign: -2 }} />{' '}
                {intl.formatMessage(messages.nextWaits)}
              </Text>
            ) : null}
            {next ? (
              <Button
                component={Link}
                to={paths.learn.href(curriculum.courseId, next.id)}
                rightSection={<IconArrowRight size={18} aria-hidden style={mirrored} />}
                aria-keyshortcuts="Alt+Shift+ArrowRight"
              >
                {intl.formatMessage(messages.next)}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
