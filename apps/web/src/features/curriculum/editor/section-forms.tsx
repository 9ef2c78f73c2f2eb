import type { OutlineSection } from '@lyceum/contract';
import { CURRICULUM_LIMITS } from '@lyceum/contract/constants';
import { Alert, Button, Group, Modal, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useIntl } from '@/i18n/intl';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { notifySuccess } from '@/lib/notify';
import { authoringApi, useAuthoring } from '../api/authoring';
import { useCurriculum } from '../api/get-curriculum';
import { curriculumEditorMessages as messages } from './messages';

export function AddSectionForm({
  pending,
  onAdd,
}: {
  pending: boolean;
  onAdd: (body: { title: string; summary: string }, done: () => void) => void;
}) {
  const t = useIntl().formatMessage;
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = title.trim();
    if (!value) {
      setError(t(messages.sectionTitleRequired));
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
          {t(messages.addASection)}
        </Title>
        <TextInput
          label={t(messages.sectionTitle)}
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
          label={t(messages.summaryLabel)}
          description={t(messages.summaryHint)}
          autosize
          minRows={2}
          value={summary}
          maxLength={CURRICULUM_LIMITS.sectionSummary}
          onChange={(event) => setSummary(event.currentTarget.value)}
        />
        <Button type="submit" loading={pending} leftSection={<IconPlus size={16} aria-hidden />} w="fit-content">
          {t(messages.addSection)}
        </Button>
      </Stack>
    </Paper>
  );
}

/** Rename a section (title, summary); a stale version says someone else saved first and offers a reload. */
export function SectionDialog({
  courseId,
  section,
  onClose,
}: {
  courseId: string;
  section: OutlineSection | null;
  onClose: () => void;
}) {
  const t = useIntl().formatMessage;
  return (
    <Modal
      opened={section !== null}
      onClose={onClose}
      title={t(messages.renameSection)}
      centered
      closeButtonProps={{ 'aria-label': t(messages.close) }}
      attributes={{ header: { role: 'presentation' } }}
    >
      {section ? <SectionForm key={section.id} courseId={courseId} section={section} onDone={onClose} /> : null}
    </Modal>
  );
}

function SectionForm({ courseId, section, onDone }: { courseId: string; section: OutlineSection; onDone: () => void }) {
  const t = useIntl().formatMessage;
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
      setError(t(messages.sectionTitleRequired));
      return;
    }
    save.mutate(
      { title: title.trim(), summary: summary.trim(), version },
      {
        onSuccess: () => {
          notifySuccess(t(messages.sectionSaved));
          onDone();
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status === 409) setConflict(failure.message);
          else setError(toastMessageOf(failure, t(messages.sectionSaveFailed)));
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
          <Alert color="red" variant="light" title={t(messages.savedElsewhere)} role="alert">
            <Stack gap="xs">
              <Text size="sm">{conflict}</Text>
              <Button size="xs" variant="default" w="fit-content" onClick={() => void reload()}>
                {t(messages.reloadTheirs)}
              </Button>
            </Stack>
          </Alert>
        ) : null}
        <TextInput
          label={t(messages.sectionTitle)}
          required
          data-autofocus
          value={title}
          maxLength={CURRICULUM_LIMITS.sectionTitle}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={error}
        />
        <Textarea
          label={t(messages.summaryLabel)}
          autosize
          minRows={2}
          value={summary}
          maxLength={CURRICULUM_LIMITS.sectionSummary}
          onChange={(event) => setSummary(event.currentTarget.value)}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t(messages.cancel)}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={conflict !== null}>
            {t(messages.saveSection)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
