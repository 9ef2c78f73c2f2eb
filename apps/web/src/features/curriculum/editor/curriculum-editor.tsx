import type { Curriculum, OutlineItem, OutlineSection } from '@lyceum/contract';
import { CURRICULUM_LIMITS } from '@lyceum/contract/constants';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { arrayMove } from '@dnd-kit/sortable';
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
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal';
import { itemCounts } from '../components/item-counts';
import { LoadError } from '@/components/load-error';
import { FullPageLoader } from '@/components/full-page-loader';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { notifyError, notifySuccess } from '@/lib/notify';
import { authoringApi, useAuthoring } from '../api/authoring';
import { getCurriculum, useCurriculum } from '../api/get-curriculum';
import { curriculumKeys } from '../api/query-keys';
import { formatMinutes } from '../format';
import { DragHandle, SortableList } from './sortable-list';

export interface CurriculumEditorProps {
  courseId: string;
  /** Where a lesson's editor opens. */
  lessonHref: (lessonId: string) => string;
}

type Dialog =
  | { kind: 'rename'; section: OutlineSection }
  | { kind: 'delete-section'; section: OutlineSection }
  | { kind: 'delete-item'; item: OutlineItem }
  | { kind: 'move-item'; item: OutlineItem; from: OutlineSection }
  | null;

const quote = (title: string) => `“${title}”`;

/** The curriculum editor: sections and their lessons, ordered by drag and drop or keyboard (ADR 029). */
export function CurriculumEditor({ courseId, lessonHref }: CurriculumEditorProps) {
  const curriculum = useCurriculum(courseId);
  const queryClient = useQueryClient();
  const { state } = useAuth();
  const key = curriculumKeys.outline(courseId, state.user?.id ?? null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const settings = useAuthoring((sequential: boolean) => authoringApi.settings(courseId, { sequential }));
  const createSection = useAuthoring((body: { title: string; summary: string }) =>
    authoringApi.createSection(courseId, body),
  );
  const moveSection = useAuthoring((args: { sectionId: string; position: number }) =>
    authoringApi.moveSection(courseId, args.sectionId, args.position),
  );
  const moveItem = useAuthoring((args: { itemId: string; sectionId: string; position: number }) =>
    authoringApi.moveItem(courseId, args.itemId, { sectionId: args.sectionId, position: args.position }),
  );
  const duplicate = useAuthoring((itemId: string) => authoringApi.duplicateItem(courseId, itemId));
  // Publishing every draft reads the versions afresh: the outline on screen may predate an edit just made.
  const publish = useAuthoring(async () => {
    const fresh = await getCurriculum(courseId);
    const items = fresh.sections.flatMap((s) => s.items).filter((i) => !i.published);
    await Promise.all(
      items.map((i) => authoringApi.updateLesson(courseId, i.id, { version: i.version, published: true })),
    );
    return items.length;
  });
  const toggle = useAuthoring((item: OutlineItem) =>
    authoringApi.updateLesson(courseId, item.id, { version: item.version, published: !item.published }),
  );

  if (curriculum.isPending) return <FullPageLoader />;
  if (curriculum.isError) {
    return (
      <LoadError
        title="The curriculum could not be loaded"
        onRetry={() => void curriculum.refetch()}
        retrying={curriculum.isFetching}
      >
        {curriculum.error.message}
      </LoadError>
    );
  }
  const data = curriculum.data;
  const sections = data.sections;
  const drafts = sections.flatMap((s) => s.items).filter((i) => !i.published);

  /** Shows a new order at once; the server's answer (or a failure) refreshes it. */
  const reorder = (next: OutlineSection[]) =>
    queryClient.setQueryData<Curriculum>(key, (old) => (old ? { ...old, sections: next } : old));
  const failed = (fallback: string) => (error: Error) => notifyError(toastMessageOf(error, fallback));

  const onMoveSection = (section: OutlineSection, from: number, to: number) => {
    reorder(arrayMove(sections, from, to));
    moveSection.mutate({ sectionId: section.id, position: to }, { onError: failed('The section could not be moved') });
  };
  const onMoveItem = (section: OutlineSection) => (item: OutlineItem, from: number, to: number) => {
    reorder(sections.map((s) => (s.id === section.id ? { ...s, items: arrayMove(s.items, from, to) } : s)));
    moveItem.mutate(
      { itemId: item.id, sectionId: section.id, position: to },
      { onError: failed('The lesson could not be moved') },
    );
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={4} style={{ flex: '1 1 260px' }}>
            <Switch
              checked={data.sequential}
              disabled={settings.isPending}
              onChange={(event) =>
                settings.mutate(event.currentTarget.checked, {
                  onSuccess: (next) =>
                    notifySuccess(next.sequential ? 'Sequential mode is on' : 'Sequential mode is off'),
                  onError: failed('The setting could not be saved'),
                })
              }
              label="Sequential mode"
              description="Students open each lesson once the required lessons before it are complete."
            />
          </Stack>
          <Stack gap={6} align="flex-end">
            <Text size="sm" c="dimmed" role="status">
              {sections.length} {sections.length === 1 ? 'section' : 'sections'} ·{' '}
              {itemCounts(sections.flatMap((s) => s.items))} · {formatMinutes(data.totalMinutes)}
            </Text>
            {drafts.length > 0 ? (
              <Button
                size="sm"
                leftSection={<IconEye size={16} aria-hidden />}
                loading={publish.isPending}
                onClick={() =>
                  publish.mutate(undefined, {
                    onSuccess: (count) => notifySuccess(`${count} ${count === 1 ? 'lesson' : 'lessons'} published`),
                    onError: failed('Some lessons could not be published'),
                  })
                }
              >
                Publish all drafts ({drafts.length})
              </Button>
            ) : null}
          </Stack>
        </Group>
      </Paper>

      {sections.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" bg="gray.0">
          <Text ta="center" c="dimmed">
            No sections yet. Add the first one below, then its lessons.
          </Text>
        </Paper>
      ) : (
        <SortableList
          noun="section"
          aria-label="Sections"
          items={sections}
          idOf={(s) => s.id}
          labelOf={(s) => `section ${quote(s.title)}`}
          onMove={onMoveSection}
          renderItem={(section, index) => (
            <SectionCard
              courseId={courseId}
              section={section}
              index={index}
              sections={sections}
              lessonHref={lessonHref}
              onMoveItem={onMoveItem(section)}
              onRename={() => setDialog({ kind: 'rename', section })}
              onDelete={() => setDialog({ kind: 'delete-section', section })}
              onDeleteItem={(item) => setDialog({ kind: 'delete-item', item })}
              onMoveToSection={(item) => setDialog({ kind: 'move-item', item, from: section })}
              onDuplicate={(item) =>
                duplicate.mutate(item.id, {
                  onSuccess: (copy) => notifySuccess(`${quote(copy.title)} added as a draft`),
                  onError: failed('The lesson could not be duplicated'),
                })
              }
              onTogglePublished={(item) =>
                toggle.mutate(item, {
                  onSuccess: (lesson) =>
                    notifySuccess(`${quote(lesson.title)} is ${lesson.published ? 'published' : 'a draft again'}`),
                  onError: failed('The lesson could not be changed'),
                })
              }
            />
          )}
        />
      )}

      <AddSectionForm
        pending={createSection.isPending}
        onAdd={(body, done) =>
          createSection.mutate(body, { onSuccess: done, onError: failed('The section could not be added') })
        }
      />

      <SectionDialog
        courseId={courseId}
        section={dialog?.kind === 'rename' ? dialog.section : null}
        onClose={() => setDialog(null)}
      />
      <DeleteDialog courseId={courseId} dialog={dialog} onClose={() => setDialog(null)} />
      <MoveDialog
        courseId={courseId}
        dialog={dialog?.kind === 'move-item' ? dialog : null}
        sections={sections}
        onClose={() => setDialog(null)}
      />
    </Stack>
  );
}

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

function SectionCard({
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
                Section {index + 1}:
              </Text>{' '}
              {section.title}
            </Title>
            {section.summary ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {section.summary}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed">
              {itemCounts(section.items)} · {formatMinutes(minutes)}
            </Text>
          </Stack>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray.7"
                size="lg"
                aria-label={`Actions for section ${quote(section.title)}`}
              >
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item leftSection={<IconEdit size={16} aria-hidden />} onClick={onRename}>
                Rename section
              </Menu.Item>
              <Menu.Item color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onDelete}>
                Delete section
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>

        {section.items.length > 0 ? (
          <SortableList
            noun="lesson"
            aria-label={`Lessons of section ${section.title}`}
            items={section.items}
            idOf={(i) => i.id}
            labelOf={(i) => `lesson ${quote(i.title)}`}
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
                      {item.published ? 'Published' : 'Draft'}
                    </Badge>
                    {item.preview ? (
                      <Badge size="sm" radius="sm" variant="outline" color="indigo.9">
                        Free preview
                      </Badge>
                    ) : null}
                    <Text size="xs" c="dimmed">
                      {formatMinutes(item.durationMinutes)}
                    </Text>
                  </Group>
                </Stack>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      color="gray.7"
                      size="lg"
                      aria-label={`Actions for lesson ${quote(item.title)}`}
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
                      Edit lesson
                    </Menu.Item>
                    <Menu.Item
                      leftSection={
                        item.published ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />
                      }
                      onClick={() => onTogglePublished(item)}
                    >
                      {item.published ? 'Unpublish (back to draft)' : 'Publish'}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => onDuplicate(item)}>
                      Duplicate
                    </Menu.Item>
                    {sections.length > 1 ? (
                      <Menu.Item
                        leftSection={<IconFolderShare size={16} aria-hidden />}
                        onClick={() => onMoveToSection(item)}
                      >
                        Move to another section
                      </Menu.Item>
                    ) : null}
                    <Menu.Item
                      color="red.9"
                      leftSection={<IconTrash size={16} aria-hidden />}
                      onClick={() => onDeleteItem(item)}
                    >
                      Delete lesson
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            )}
          />
        ) : (
          <Text size="sm" c="dimmed">
            No lessons in this section yet.
          </Text>
        )}
        <AddLessonForm courseId={courseId} section={section} />
      </Stack>
    </Paper>
  );
}

function AddLessonForm({ courseId, section }: { courseId: string; section: OutlineSection }) {
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const create = useAuthoring((lessonTitle: string) =>
    authoringApi.createLesson(courseId, section.id, { title: lessonTitle }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = title.trim();
    if (!value) {
      setError('Enter a title for the lesson');
      return;
    }
    create.mutate(value, {
      onSuccess: () => {
        setTitle('');
        setError(null);
      },
      onError: (failure) => setError(toastMessageOf(failure, 'The lesson could not be added')),
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          aria-label={`New lesson title in section ${section.title}`}
          placeholder="New lesson title"
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
          Add lesson
        </Button>
      </Group>
    </form>
  );
}

function AddSectionForm({
  pending,
  onAdd,
}: {
  pending: boolean;
  onAdd: (body: { title: string; summary: string }, done: () => void) => void;
}) {
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = title.trim();
    if (!value) {
      setError('Enter a title for the section');
      return;
    }
    onAdd({ title: value, summary: summary.trim() }, () => {
      setTitle('');
      setSummary('');
      setError(null);
    });
  };
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-labelledby="add-section-title"
    >
      <Stack gap="sm">
        <Title order={2} fz="md" id="add-section-title">
          Add a section
        </Title>
        <TextInput
          label="Section title"
          required
          value={title}
          maxLength={CURRICULUM_LIMITS.sectionTitle}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
        />
        <Textarea
          label="Summary"
          description="Optional: what this section covers."
          autosize
          minRows={2}
          value={summary}
          maxLength={CURRICULUM_LIMITS.sectionSummary}
          onChange={(event) => setSummary(event.currentTarget.value)}
        />
        <Button type="submit" loading={pending} leftSection={<IconPlus size={16} aria-hidden />} w="fit-content">
          Add section
        </Button>
      </Stack>
    </Paper>
  );
}

/** Rename a section (title, summary); a stale version says someone else saved first and offers a reload. */
function SectionDialog({
  courseId,
  section,
  onClose,
}: {
  courseId: string;
  section: OutlineSection | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={section !== null}
      onClose={onClose}
      title="Rename section"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      attributes={{ header: { role: 'presentation' } }}
    >
      {section ? <SectionForm key={section.id} courseId={courseId} section={section} onDone={onClose} /> : null}
    </Modal>
  );
}

function SectionForm({ courseId, section, onDone }: { courseId: string; section: OutlineSection; onDone: () => void }) {
  const [title, setTitle] = useState(section.title);
  const [summary, setSummary] = useState(section.summary);
  const [version, setVersion] = useState(section.version);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const curriculum = useCurriculum(courseId);
  const save = useAuthoring((body: { title: string; summary: string; version: number }) =>
    authoringApi.updateSection(courseId, section.id, body),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError('Enter a title for the section');
      return;
    }
    save.mutate(
      { title: title.trim(), summary: summary.trim(), version },
      {
        onSuccess: () => {
          notifySuccess('Section saved');
          onDone();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) setConflict(failure.message);
          else setError(toastMessageOf(failure, 'The section could not be saved'));
        },
      },
    );
  };
  const reload = async () => {
    const fresh = (await curriculum.refetch()).data?.sections.find((s) => s.id === section.id);
    if (!fresh) return onDone();
    setTitle(fresh.title);
    setSummary(fresh.summary);
    setVersion(fresh.version);
    setConflict(null);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {conflict ? (
          <Alert color="red" variant="light" title="Saved elsewhere first" role="alert">
            <Stack gap="xs">
              <Text size="sm">{conflict}</Text>
              <Button size="xs" variant="default" w="fit-content" onClick={() => void reload()}>
                Reload their version
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <TextInput
          label="Section title"
          required
          data-autofocus
          value={title}
          maxLength={CURRICULUM_LIMITS.sectionTitle}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={error}
        />
        <Textarea
          label="Summary"
          autosize
          minRows={2}
          value={summary}
          maxLength={CURRICULUM_LIMITS.sectionSummary}
          onChange={(event) => setSummary(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={conflict !== null}>
            Save section
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DeleteDialog({ courseId, dialog, onClose }: { courseId: string; dialog: Dialog; onClose: () => void }) {
  const remove = useAuthoring((target: { kind: 'section' | 'item'; id: string }) =>
    target.kind === 'section'
      ? authoringApi.deleteSection(courseId, target.id)
      : authoringApi.deleteItem(courseId, target.id),
  );
  const section = dialog?.kind === 'delete-section' ? dialog.section : null;
  const item = dialog?.kind === 'delete-item' ? dialog.item : null;
  const confirm = () => {
    const target = section
      ? { kind: 'section' as const, id: section.id }
      : item
        ? { kind: 'item' as const, id: item.id }
        : null;
    if (!target) return;
    remove.mutate(target, {
      onSuccess: () => {
        notifySuccess(section ? `Section ${quote(section.title)} deleted` : `Lesson ${quote(item!.title)} deleted`);
        onClose();
      },
      onError: (error) => notifyError(toastMessageOf(error, 'It could not be deleted')),
    });
  };
  return (
    <ConfirmModal
      opened={section !== null || item !== null}
      title={section ? 'Delete this section?' : 'Delete this lesson?'}
      confirmLabel={section ? 'Delete section' : 'Delete lesson'}
      danger
      loading={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {section
        ? `${quote(section.title)} and its ${section.items.length} ${section.items.length === 1 ? 'lesson' : 'lessons'} will be deleted, with their attachments and the students' completions of them. This cannot be undone.`
        : item
          ? `${quote(item.title)} will be deleted, with its attachments and the students' completions of it. This cannot be undone.`
          : null}
    </ConfirmModal>
  );
}

function MoveDialog({
  courseId,
  dialog,
  sections,
  onClose,
}: {
  courseId: string;
  dialog: { item: OutlineItem; from: OutlineSection } | null;
  sections: OutlineSection[];
  onClose: () => void;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const move = useAuthoring((args: { itemId: string; sectionId: string; position: number }) =>
    authoringApi.moveItem(courseId, args.itemId, { sectionId: args.sectionId, position: args.position }),
  );
  const options = sections.filter((s) => s.id !== dialog?.from.id).map((s) => ({ value: s.id, label: s.title }));
  const close = () => {
    setTarget(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const to = sections.find((s) => s.id === target);
    if (!dialog || !to) return;
    move.mutate(
      { itemId: dialog.item.id, sectionId: to.id, position: to.items.length },
      {
        onSuccess: () => {
          notifySuccess(`${quote(dialog.item.title)} moved to ${quote(to.title)}`);
          close();
        },
        onError: (error) => notifyError(toastMessageOf(error, 'The lesson could not be moved')),
      },
    );
  };
  return (
    <Modal
      opened={dialog !== null}
      onClose={close}
      title="Move to another section"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      attributes={{ header: { role: 'presentation' } }}
    >
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {dialog ? `${quote(dialog.item.title)} goes to the end of the section you choose.` : null}
          </Text>
          <Select
            label="Section"
            data={options}
            value={target}
            onChange={setTarget}
            allowDeselect={false}
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={!target} loading={move.isPending}>
              Move lesson
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
