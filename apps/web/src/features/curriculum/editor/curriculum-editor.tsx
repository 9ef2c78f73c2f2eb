import type { Curriculum, OutlineItem, OutlineSection } from '@lyceum/contract';
import { Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { arrayMove } from '@dnd-kit/sortable';
import { IconEye } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurriculumText } from '../components/use-curriculum-text';
import { LoadError } from '@/components/load-error';
import { FullPageLoader } from '@/components/full-page-loader';
import { toastMessageOf } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/auth-context';
import { notifyError, notifySuccess } from '@/lib/notify';
import { authoringApi, useAuthoring } from '../api/authoring';
import { getCurriculum, useCurriculum } from '../api/get-curriculum';
import { curriculumKeys } from '../api/query-keys';
import { curriculumEditorMessages as messages } from './messages';
import { SortableList } from './sortable-list';
import type { Dialog } from './editor-dialog';
import { SectionCard } from './section-card';
import { AddSectionForm, SectionDialog } from './section-forms';
import { DeleteDialog, MoveDialog } from './curriculum-dialogs';

export interface CurriculumEditorProps {
  courseId: string;
  /** Where a lesson's editor opens. */
  lessonHref: (lessonId: string) => string;
}

/** The curriculum editor: sections and their lessons, ordered by drag and drop or keyboard (ADR 029). */
export function CurriculumEditor({ courseId, lessonHref }: CurriculumEditorProps) {
  const { intl, counts, duration } = useCurriculumText();
  const t = intl.formatMessage;
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
        title={t(messages.loadFailed)}
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
    moveSection.mutate({ sectionId: section.id, position: to }, { onError: failed(t(messages.sectionMoveFailed)) });
  };
  const onMoveItem = (section: OutlineSection) => (item: OutlineItem, from: number, to: number) => {
    reorder(sections.map((s) => (s.id === section.id ? { ...s, items: arrayMove(s.items, from, to) } : s)));
    moveItem.mutate(
      { itemId: item.id, sectionId: section.id, position: to },
      { onError: failed(t(messages.lessonMoveFailed)) },
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
                    notifySuccess(t(messages.sequentialToast, { on: next.sequential ? 'yes' : 'no' })),
                  onError: failed(t(messages.settingFailed)),
                })
              }
              label={t(messages.sequentialMode)}
              description={t(messages.sequentialHint)}
            />
          </Stack>
          <Stack gap={6} align="flex-end">
            <Text size="sm" c="dimmed" role="status">
              {t(messages.summary, {
                sections: sections.length,
                items: counts(sections.flatMap((s) => s.items)),
                duration: duration(data.totalMinutes),
              })}
            </Text>
            {drafts.length > 0 ? (
              <Button
                size="sm"
                leftSection={<IconEye size={16} aria-hidden />}
                loading={publish.isPending}
                onClick={() =>
                  publish.mutate(undefined, {
                    onSuccess: (count) => notifySuccess(t(messages.lessonsPublished, { count })),
                    onError: failed(t(messages.publishFailed)),
                  })
                }
              >
                {t(messages.publishAll, { count: drafts.length })}
              </Button>
            ) : null}
          </Stack>
        </Group>
      </Paper>

      {sections.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" bg="gray.0">
          <Text ta="center" c="dimmed">
            {t(messages.noSections)}
          </Text>
        </Paper>
      ) : (
        <SortableList
          noun={t(messages.noun, { noun: 'section' })}
          aria-label={t(messages.sections)}
          items={sections}
          idOf={(s) => s.id}
          labelOf={(s) => t(messages.sectionLabel, { title: s.title })}
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
                  onSuccess: (copy) => notifySuccess(t(messages.duplicated, { title: copy.title })),
                  onError: failed(t(messages.duplicateFailed)),
                })
              }
              onTogglePublished={(item) =>
                toggle.mutate(item, {
                  onSuccess: (lesson) =>
                    notifySuccess(
                      t(messages.toggled, { title: lesson.title, published: lesson.published ? 'yes' : 'no' }),
                    ),
                  onError: failed(t(messages.toggleFailed)),
                })
              }
            />
          )}
        />
      )}

      <AddSectionForm
        pending={createSection.isPending}
        onAdd={(body, done) =>
          createSection.mutate(body, { onSuccess: done, onError: failed(t(messages.sectionAddFailed)) })
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
