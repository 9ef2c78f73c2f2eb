import type { Curriculum, OutlineItem } from '@lyceum/contract';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCircleCheckFilled, IconFileText, IconLock, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { curriculumMessages as messages } from '../messages';
import { useCurriculumText } from './use-curriculum-text';

function ItemIcon({ item }: { item: OutlineItem }) {
  const { intl } = useCurriculumText();
  if (item.completed) {
    return (
      <ThemeIcon size={22} radius="xl" variant="transparent" color="teal.8">
        <IconCircleCheckFilled size={20} aria-label={intl.formatMessage(messages.completed)} role="img" />
      </ThemeIcon>
    );
  }
  if (item.locked) {
    return (
      <ThemeIcon size={22} radius="xl" variant="transparent" color="gray.7">
        <IconLock size={18} aria-hidden />
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon size={22} radius="xl" variant="transparent" color="indigo.8">
      {item.preview ? <IconPlayerPlay size={18} aria-hidden /> : <IconFileText size={18} aria-hidden />}
    </ThemeIcon>
  );
}

export interface CurriculumOutlineProps {
  curriculum: Curriculum;
  /** The lesson open in the player, marked as the current page. */
  currentItemId?: string;
  /** The player's side panel: tighter, without the summary header. */
  compact?: boolean;
  /** After following a lesson link (the player closes its phone panel). */
  onNavigate?: () => void;
  headingLevel?: 2 | 3;
}

/**
 * The curriculum outline: sections, lesson titles and durations; a tick on completed lessons, a lock and
 * "Enrol to open" on the ones the viewer may not open, links on the ones they may (preview lessons for everyone).
 */
export function CurriculumOutline({
  curriculum,
  currentItemId,
  compact,
  onNavigate,
  headingLevel = 2,
}: CurriculumOutlineProps) {
  const { sections, viewer } = curriculum;
  const { intl, duration, counts } = useCurriculumText();
  const order = headingLevel + 1;
  const titleOf = new Map(sections.flatMap((s) => s.items.map((i) => [i.id, i.title] as const)));
  /** Why a locked item is locked, in words: enrol, or (sequential mode) which lesson to complete first. */
  const lockText = (item: OutlineItem) =>
    item.lockReason === 'sequence'
      ? titleOf.has(item.blockedBy ?? '')
        ? intl.formatMessage(messages.completeFirst, { title: titleOf.get(item.blockedBy ?? '') })
        : intl.formatMessage(messages.completePreviousFirst)
      : intl.formatMessage(messages.enrolToOpen);
  if (sections.length === 0) {
    return <Text c="dimmed">{intl.formatMessage(messages.noLessons)}</Text>;
  }
  return (
    <Stack gap={compact ? 'md' : 'lg'}>
      {sections.map((section, index) => {
        const minutes = section.items.reduce((sum, item) => sum + item.durationMinutes, 0);
        return (
          <section key={section.id} aria-labelledby={`section-${section.id}`}>
            <Group justify="space-between" align="baseline" gap="xs" mb={6} wrap="nowrap">
              <Title order={order as 3 | 4} fz={compact ? 'sm' : 'md'} id={`section-${section.id}`}>
                <Text span c="dimmed" inherit>
                  {index + 1}.{' '}
                </Text>
                <bdi dir="auto">{section.title}</bdi>
              </Title>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {counts(section.items)} · {duration(minutes)}
              </Text>
            </Group>
            {section.summary && !compact ? (
              <Text size="sm" c="dimmed" mb="xs" dir="auto">
                {section.summary}
              </Text>
            ) : null}
            <Paper withBorder radius="md" component="ul" p={0} m={0} style={{ listStyle: 'none', overflow: 'hidden' }}>
              {section.items.map((item, i) => {
                const current = item.id === currentItemId;
                return (
                  <li
                    key={item.id}
                    style={{
                      borderTop: i === 0 ? undefined : '1px solid var(--mantine-color-gray-3)',
                      background: current ? 'var(--mantine-color-indigo-0)' : undefined,
                    }}
                  >
                    <Group gap="sm" wrap="nowrap" px="sm" py={compact ? 6 : 8} justify="space-between">
                      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                        <ItemIcon item={item} />
                        {item.locked ? (
                          <Text size="sm" c="gray.8" style={{ minWidth: 0 }}>
                            <bdi dir="auto">{item.title}</bdi>
                            <VisuallyHidden>
                              {intl.formatMessage(messages.lockedSuffix, { reason: lockText(item) })}
                            </VisuallyHidden>
                          </Text>
                        ) : (
                          <Anchor
                            component={Link}
                            to={paths.learn.href(curriculum.courseId, item.id)}
                            size="sm"
                            fw={current ? 700 : 500}
                            aria-current={current ? 'page' : undefined}
                            onClick={onNavigate}
                            style={{ minWidth: 0 }}
                          >
                            <bdi dir="auto">{item.title}</bdi>
                            {item.completed ? (
                              <VisuallyHidden>{intl.formatMessage(messages.completedSuffix)}</VisuallyHidden>
                            ) : null}
                          </Anchor>
                        )}
                        {!item.published ? (
                          <Badge size="xs" color="gray.7" variant="filled" radius="sm">
                            {intl.formatMessage(messages.draft)}
                          </Badge>
                        ) : null}
                        {item.preview && !viewer.enrolled && !viewer.canEdit ? (
                          <Badge size="xs" color="indigo.8" variant="filled" radius="sm">
                            {intl.formatMessage(messages.preview)}
                          </Badge>
                        ) : null}
                      </Group>
                      <Group gap="xs" wrap="nowrap">
                        {item.locked && !compact ? (
                          <Text size="xs" c="gray.7" ta="end" aria-hidden>
                            {lockText(item)}
                          </Text>
                        ) : null}
                        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {duration(item.durationMinutes)}
                        </Text>
                      </Group>
                    </Group>
                  </li>
                );
              })}
            </Paper>
          </section>
        );
      })}
    </Stack>
  );
}

/** "3 sections · 12 lessons · 2 h 10 min", with the enrolled student's progress and a way to continue. */
export function CurriculumSummary({ curriculum }: { curriculum: Curriculum }) {
  const { viewer } = curriculum;
  const progress = viewer.progress;
  const allItems = curriculum.sections.flatMap((section) => section.items);
  const { intl, duration, counts, progress: progressText, percent } = useCurriculumText();
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {intl.formatMessage(messages.sections, { count: curriculum.sections.length })} · {counts(allItems)} ·{' '}
        {intl.formatMessage(messages.totalLength, { duration: duration(curriculum.totalMinutes) })}
      </Text>
      {progress && progress.totalItems > 0 ? (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {progressText(progress.completedItems, progress.totalItems, allItems)}
            </Text>
            <Text size="sm" fw={600}>
              {percent(progress.percent)}
            </Text>
          </Group>
          <Progress value={progress.percent} color="teal.8" aria-label={intl.formatMessage(messages.courseProgress)} />
        </Stack>
      ) : null}
      {viewer.resumeItemId ? (
        <Button component={Link} to={paths.learn.href(curriculum.courseId, viewer.resumeItemId)} w="fit-content">
          {intl.formatMessage(
            progress && progress.completedItems > 0 ? messages.continueLearning : messages.startLearning,
          )}
        </Button>
      ) : null}
      {viewer.enrolled && curriculum.sequential ? (
        <Text size="sm" c="dimmed">
          <IconLock size={14} aria-hidden style={{ verticalAlign: -2 }} /> {intl.formatMessage(messages.sequentialNote)}
        </Text>
      ) : null}
      {!viewer.enrolled && !viewer.canEdit && curriculum.sections.some((s) => s.items.some((i) => i.locked)) ? (
        <Text size="sm" c="dimmed">
          <IconLock size={14} aria-hidden style={{ verticalAlign: -2 }} /> {intl.formatMessage(messages.previewNote)}
        </Text>
      ) : null}
    </Stack>
  );
}
