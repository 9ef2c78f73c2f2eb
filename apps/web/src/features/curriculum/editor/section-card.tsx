import type { OutlineItem, OutlineSection } from '@lyceum/contract';
import { CURRICULUM_LIMITS } from '@lyceum/contract/constants';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconCopy,
  IconDots,
  IconEdit,
  IconEye,
  IconEyeOff,
  IconFileText,
  IconFolderShare,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { authoringApi, useAuthoring } from '../api/authoring';
import { useCurriculumText } from '../components/use-curriculum-text';
import { curriculumEditorMessages as messages } from './messages';
import { DragHandle, SortableList } from './sortable-list';

interface SectionCardProps {
  courseId: string;
  section: OutlineSection;
  index: number;
  sections: OutlineSection[];
  lessonHref: (lessonId: string) => string;
  onMoveItem: (item: OutlineItem, from: number, to: number) => void;
  onRename: () => void;
  onDelete: () => void;
  onDeleteItem: (item: OutlineItem) => void;
  onMoveToSection: (item: OutlineItem) => void;
  onDuplicate: (item: OutlineItem) => void;
  onTogglePublished: (item: OutlineItem) => void;
}

export function SectionCard({
  courseId,
  section,
  index,
  sections,
  lessonHref,
  onMoveItem,
  onRename,
  onDelete,
  onDeleteItem,
  onMoveToSection,
  onDuplicate,
  onTogglePublished,
}: SectionCardProps) {
  const { intl, counts, duration } = useCurriculumText();
  const t = intl.formatMessage;
  const headingId = useId();
  const minutes = section.items.reduce((sum, i) => sum + i.durationMinutes, 0);
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={headingId} bg="white">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <DragHandle />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} fz="lg" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              <Text span c="dimmed" fz="sm" fw={600}>
                {t(messages.sectionNumber, { number: index + 1 })}
              </Text>{' '}
              {section.title}
            </Title>
            {section.summary ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {section.summary}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {counts(section.items)} · {duration(minutes)}
            </Text>
          </Stack>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray.7"
                size="lg"
                aria-label={t(messages.sectionActions, { title: section.title })}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onRename}>
                {t(messages.renameSection)}
              </Menu.Item>
              <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                {t(messages.deleteSection)}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>

        {section.items.length > 0 ? (
          <SortableList
            noun={t(messages.noun, { noun: 'lesson' })}
            aria-label={t(messages.lessonsOfSection, { title: section.title })}
            items={section.items}
            idOf={(i) => i.id}
            labelOf={(i) => t(messages.lessonLabel, { title: i.title })}
            onMove={onMoveItem}
            renderItem={(item) => (
              <Group
                gap="xs"
                wrap="nowrap"
                px="xs"
                py={6}
                bg="gray.0"
                style={{ borderRadius: 'var(--mantine-radius-md)', border: '1px solid var(--mantine-color-gray-3)' }}
              >
                <DragHandle />
                <IconFileText size={18} aria-hidden color="var(--mantine-color-gray-7)" style={{ flexShrink: 0 }} />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Anchor component={Link} to={lessonHref(item.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {item.title}
                  </Anchor>
                  <Group gap={6}>
                    {/* Outlined, dark text on the row's light grey (Mantine's light variant with a shade paints the
                        background in that shade under a light text: unreadable). Draft stays filled. */}
                    <Badge
                      size="sm"
                      radius="sm"
                      variant={item.published ? 'outline' : 'filled'}
                      color={item.published ? 'teal.9' : 'gray.7'}
                    >
                      {t(messages.state, { published: item.published ? 'yes' : 'no' })}
                    </Badge>
                    {item.preview ? (
                      <Badge size="sm" radius="sm" variant="outline" color="indigo.9">
                        {t(messages.freePreview)}
                      </Badge>
                    ) : null}
                    <Text size="xs" c="dimmed">
                      {duration(item.durationMinutes)}
                    </Text>
                  </Group>
                </Stack>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray.7"
                      size="lg"
                      aria-label={t(messages.lessonActions, { title: item.title })}
                    >
                      <IconDots size={18} aria-hidden />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      component={Link}
                      to={lessonHref(item.id)}
                      leftSection={<IconEdit size={16} aria-hidden />}
                    >
                      {t(messages.editLesson)}
                    </Menu.Item>
                    <Menu.Item
                      leftSection={
                        item.published ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />
                      }
                      onClick={() => onTogglePublished(item)}
                    >
                      {t(messages.togglePublish, { published: item.published ? 'yes' : 'no' })}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onDuplicate(item)}>
                      {t(messages.duplicate)}
                    </Menu.Item>
                    {sections.length > 1 ? (
                      <Menu.Item
                        leftSection={<IconFolderShare size={16} aria-hidden />}
                        onClick={() => onMoveToSection(item)}
                      >
                        {t(messages.moveToSection)}
                      </Menu.Item>
                    ) : null}
                    <Menu.Item
                      color="red.9"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => onDeleteItem(item)}
                    >
                      {t(messages.deleteLesson)}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            )}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t(messages.noLessons)}
          </Text>
        )}
        <AddLessonForm courseId={courseId} section={section} />
      </Stack>
    </Paper>
  );
}

function AddLessonForm({ courseId, section }: { courseId: string; section: OutlineSection }) {
  const t = useIntl().formatMessage;
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useAuthoring((lessonTitle: string) =>
    authoringApi.createLesson(courseId, section.id, { title: lessonTitle }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = title.trim();
    if (!value) {
      setError(t(messages.lessonTitleRequired));
      return;
    }
    create.mutate(value, {
      onSuccess: () => {
        setTitle('');
        setError(null);
      },
      onError: (failure) => setError(toastMessageOf(failure, t(messages.lessonAddFailed))),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label={t(messages.newLessonIn, { title: section.title })}
          placeholder={t(messages.newLessonTitle)}
          value={title}
          maxLength={CURRICULUM_LIMITS.itemTitle}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
        />
        <Button
          type="submit"
          variant="light"
          loading={create.isPending}
          leftSection={<IconPlus size={16} aria-hidden />}
        >
          {t(messages.addLesson)}
        </Button>
      </Group>
    </form>
  );
}
