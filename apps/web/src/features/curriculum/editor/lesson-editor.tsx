import type { Attachment, Lesson } from '@lyceum/contract';
import { CURRICULUM_LIMITS, CURRICULUM_MESSAGES } from '@lyceum/contract/constants';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  FileButton,
  Group,
  List,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconPaperclip, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { FullPageLoader } from '@/components/full-page-loader';
import { LoadError } from '@/components/load-error';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { useIntl } from '@/i18n/intl';
import { ApiError, toastMessageOf } from '@/lib/api-client';
import { notifyError } from '@/lib/notify';
import { authoringApi } from '../api/authoring';
import { getLesson } from '../api/get-lesson';
import { invalidateCurriculum } from '../api/query-keys';
import { curriculumEditorMessages as messages } from './messages';
import { formatTime } from '@lyceum/contract/constants';
import { displayTimeZone } from '@/lib/time-zone';

const LessonBodyEditor = lazy(async () => ({ default: (await import('./lesson-body-editor')).LessonBodyEditor }));

/** Autosave waits this long after the last keystroke (ADR 029). */
export const AUTOSAVE_DELAY_MS = 1500;

interface Fields {
  title: string;
  bodyHtml: string;
  videoLink: string;
  durationMinutes: number;
  preview: boolean;
  published: boolean;
}
type FieldName = keyof Fields;
const FIELD_NAMES: FieldName[] = ['title', 'bodyHtml', 'videoLink', 'durationMinutes', 'preview', 'published'];

const fieldsOf = (lesson: Lesson): Fields => ({
  title: lesson.title,
  bodyHtml: lesson.bodyHtml,
  videoLink: lesson.videoLink,
  durationMinutes: lesson.durationMinutes,
  preview: lesson.preview,
  published: lesson.published,
});

function changedFields(form: Fields, saved: Fields): Partial<Fields> {
  const out: Partial<Fields> = {};
  for (const name of FIELD_NAMES) {
    if (form[name] !== saved[name]) (out as Record<string, unknown>)[name] = form[name];
  }
  return out;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A file the server would refuse for its size, said before it is sent. */
export function attachmentSizeProblem(file: File): string | null {
  if (file.size <= CURRICULUM_LIMITS.attachmentBytes) return null;
  return `“${file.name}” is ${formatBytes(file.size)}. ${CURRICULUM_MESSAGES.attachmentTooLarge}.`;
}

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'error'; message: string }
  | { kind: 'conflict'; message: string };

export interface LessonEditorProps {
  courseId: string;
  lessonId: string;
}

/** Loads the lesson once (later server answers never replace what the author is typing) and edits it. */
export function LessonEditor({ courseId, lessonId }: LessonEditorProps) {
  const t = useIntl().formatMessage;
  const lesson = useQuery({
    queryKey: ['curriculum-editor', 'lesson', courseId, lessonId],
    queryFn: ({ signal }) => getLesson(courseId, lessonId, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  if (lesson.isPending) return <FullPageLoader />;
  if (lesson.isError) {
    return (
      <LoadError
        title={t(messages.lessonLoadFailed)}
        onRetry={() => void lesson.refetch()}
        retrying={lesson.isFetching}
      >
        {lesson.error.message}
      </LoadError>
    );
  }
  return <LessonForm key={lesson.data.id} courseId={courseId} initial={lesson.data} />;
}

function LessonForm({ courseId, initial }: { courseId: string; initial: Lesson }) {
  const t = useIntl().formatMessage;
  const queryClient = useQueryClient();
  const [form, setForm] = useState<Fields>(() => fieldsOf(initial));
  /** What the server holds as far as this tab knows, and the version to send with the next change. */
  const [saved, setSaved] = useState<{ fields: Fields; version: number }>(() => ({
    fields: fieldsOf(initial),
    version: initial.version,
  }));
  const [state, setState] = useState<SaveState>({ kind: 'idle' });
  const [attachments, setAttachments] = useState<Attachment[]>(initial.attachments);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const [bodyKey, setBodyKey] = useState(0);
  const inFlight = useRef(false);

  const changes = changedFields(form, saved.fields);
  const dirty = Object.keys(changes).length > 0;
  const titleError = form.title.trim() ? null : t(messages.lessonTitleRequired);
  const durationValid =
    Number.isInteger(form.durationMinutes) &&
    form.durationMinutes >= 0 &&
    form.durationMinutes <= CURRICULUM_LIMITS.durationMinutes;
  const valid = !titleError && durationValid;
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty || state.kind === 'saving' || state.kind === 'conflict';
  });

  const save = useCallback(
    async (sent: Fields, base: { fields: Fields; version: number }) => {
      const body = changedFields(sent, base.fields);
      if (Object.keys(body).length === 0 || inFlight.current) return;
      inFlight.current = true;
      setState({ kind: 'saving' });
      try {
        const answer = await authoringApi.updateLesson(courseId, initial.id, { version: base.version, ...body });
        // The fields sent are what this tab now knows the server holds (the server's sanitised body may read
        // differently, but it is the same text: comparing with it would make every save look unsaved).
        setSaved({ fields: sent, version: answer.version });
        setState({ kind: 'saved', at: new Date() });
        void invalidateCurriculum(queryClient);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setState({ kind: 'conflict', message: error.message });
        } else {
          setState({ kind: 'error', message: toastMessageOf(error, t(messages.lessonSaveFailed)) });
        }
      } finally {
        inFlight.current = false;
      }
    },
    [courseId, initial.id, queryClient, t],
  );

  // Autosave: a short pause after the last change saves what changed, with the version this tab read.
  useEffect(() => {
    if (!dirty || !valid || state.kind === 'conflict' || state.kind === 'saving' || state.kind === 'error') return;
    const timer = window.setTimeout(() => void save(form, saved), AUTOSAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [form, saved, dirty, valid, state.kind, save]);

  const set = <K extends FieldName>(name: K, value: Fields[K]) => {
    setForm((current) => ({ ...current, [name]: value }));
    if (state.kind === 'error') setState({ kind: 'idle' });
  };

  const fetchLatest = () => getLesson(courseId, initial.id);
  /** Conflict: take the other tab's version and drop this tab's changes. */
  const loadTheirs = async () => {
    const latest = await fetchLatest();
    setForm(fieldsOf(latest));
    setSaved({ fields: fieldsOf(latest), version: latest.version });
    setAttachments(latest.attachments);
    setBodyKey((k) => k + 1);
    setState({ kind: 'idle' });
  };
  /** Conflict: keep this tab's text and save it over the other version, knowingly. */
  const keepMine = async () => {
    const latest = await fetchLatest();
    const base = { fields: fieldsOf(latest), version: latest.version };
    setSaved(base);
    setState({ kind: 'idle' });
    await save(form, base);
  };

  const upload = async (file: File): Promise<Attachment> => {
    const problem = attachmentSizeProblem(file);
    if (problem) throw new Error(problem);
    const attachment = await authoringApi.uploadAttachment(courseId, initial.id, file);
    setAttachments((list) => [...list, attachment]);
    return attachment;
  };
  const onAttach = async (file: File | null) => {
    if (!file) return;
    setUploadProblem(null);
    setUploading(true);
    try {
      await upload(file);
    } catch (error) {
      setUploadProblem(
        error instanceof ApiError ? toastMessageOf(error, t(messages.uploadFailed)) : (error as Error).message,
      );
    } finally {
      setUploading(false);
    }
  };
  const removeAttachment = async () => {
    if (!removing) return;
    try {
      await authoringApi.deleteAttachment(courseId, initial.id, removing.id);
      setAttachments((list) => list.filter((a) => a.id !== removing.id));
    } catch (error) {
      notifyError(toastMessageOf(error, t(messages.removeFailed)));
    }
    setRemoving(null);
  };

  return (
    <Stack gap="lg">
      <UnsavedChangesGuard when={() => dirtyRef.current} what={t(messages.unsavedWhat)} />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <SaveStatus state={state} dirty={dirty} valid={valid} />
        <Button
          variant="light"
          disabled={!dirty || !valid || state.kind === 'saving' || state.kind === 'conflict'}
          onClick={() => void save(form, saved)}
          leftSection={<IconCheck size={16} aria-hidden />}
        >
          {t(messages.saveNow)}
        </Button>
      </Group>

      {state.kind === 'conflict' ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title={t(messages.savedElsewhere)}
          role="alert"
        >
          <Stack gap="sm">
            <Text size="sm">
              {state.message} {t(messages.conflictText)}
            </Text>
            <Group gap="sm">
              <Button size="xs" variant="default" onClick={() => void loadTheirs()}>
                {t(messages.loadTheirs)}
              </Button>
              <Button size="xs" onClick={() => void keepMine()}>
                {t(messages.keepMine)}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <TextInput
            label={t(messages.lessonTitle)}
            required
            value={form.title}
            maxLength={CURRICULUM_LIMITS.itemTitle}
            onChange={(event) => set('title', event.currentTarget.value)}
            error={titleError}
          />
          <Suspense fallback={<Text c="dimmed">{t(messages.loadingEditor)}</Text>}>
            <LessonBodyEditor
              key={bodyKey}
              label={t(messages.lessonContent)}
              description={t(messages.lessonContentHint)}
              value={form.bodyHtml}
              onChange={(html) => set('bodyHtml', html)}
              onImageUpload={async (file) => {
                const attachment = await upload(file);
                return { src: attachment.url, alt: file.name.replace(/\.[^.]*$/, '') };
              }}
              onImageUploadError={(_file, error) =>
                notifyError(
                  error instanceof ApiError
                    ? toastMessageOf(error, t(messages.imageUploadFailed))
                    : (error as Error).message,
                )
              }
            />
          </Suspense>
          <TextInput
            label={t(messages.videoLink)}
            description={t(messages.videoHint)}
            value={form.videoLink}
            onChange={(event) => set('videoLink', event.currentTarget.value.trim())}
            placeholder="https://www.youtube.com/watch?v=…"
          />
          <Group gap="lg" align="flex-end" wrap="wrap">
            <NumberInput
              label={t(messages.duration)}
              min={0}
              max={CURRICULUM_LIMITS.durationMinutes}
              allowDecimal={false}
              allowNegative={false}
              w={180}
              value={form.durationMinutes}
              onChange={(value) => set('durationMinutes', typeof value === 'number' ? value : 0)}
              error={durationValid ? null : t(messages.durationRange, { max: CURRICULUM_LIMITS.durationMinutes })}
            />
            <Switch
              label={t(messages.freePreview)}
              description={t(messages.previewHint)}
              checked={form.preview}
              onChange={(event) => set('preview', event.currentTarget.checked)}
            />
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="lesson-state-label">
              {t(messages.stateLabel)}
            </Text>
            <SegmentedControl
              aria-labelledby="lesson-state-label"
              w="fit-content"
              value={form.published ? 'published' : 'draft'}
              onChange={(value) => set('published', value === 'published')}
              data={[
                { value: 'draft', label: t(messages.state, { published: 'no' }) },
                { value: 'published', label: t(messages.state, { published: 'yes' }) },
              ]}
            />
            <Text size="xs" c="dimmed">
              {t(messages.stateHint)}
            </Text>
          </Stack>
        </Stack>
      </Paper>

      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'lg' }}
        component="section"
        aria-labelledby="attachments-title"
      >
        <Stack gap="sm">
          <Title order={2} fz="lg" id="attachments-title">
            {t(messages.attachments)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(messages.attachmentsHint)}
          </Text>
          {attachments.length > 0 ? (
            <List spacing={6} icon={<IconPaperclip size={16} aria-hidden />} center>
              {attachments.map((file) => (
                <List.Item key={file.id}>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor href={file.url} download={file.filename} style={{ overflowWrap: 'anywhere' }}>
                      {file.filename}
                    </Anchor>
                    <Text span size="xs" c="dimmed">
                      ({formatBytes(file.bytes)})
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t(messages.removeNamed, { name: file.filename })}
                      onClick={() => setRemoving(file)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                </List.Item>
              ))}
            </List>
          ) : null}
          {uploadProblem ? (
            <Alert color="red" variant="light" role="alert" title={t(messages.notUploaded)}>
              {uploadProblem}
            </Alert>
          ) : null}
          <FileButton onChange={(file) => void onAttach(file)}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                loading={uploading}
                leftSection={<IconCloudUpload size={16} aria-hidden />}
                w="fit-content"
              >
                {t(messages.uploadAttachment)}
              </Button>
            )}
          </FileButton>
        </Stack>
      </Paper>

      <ConfirmModal
        opened={removing !== null}
        title={t(messages.removeAttachmentTitle)}
        confirmLabel={t(messages.remove)}
        danger
        onConfirm={() => void removeAttachment()}
        onClose={() => setRemoving(null)}
      >
        {removing ? t(messages.removedFromLesson, { name: removing.filename }) : null}
      </ConfirmModal>
    </Stack>
  );
}

function SaveStatus({ state, dirty, valid }: { state: SaveState; dirty: boolean; valid: boolean }) {
  const t = useIntl().formatMessage;
  let text: string;
  let color = 'dimmed';
  if (state.kind === 'saving') text = t(messages.saving);
  else if (state.kind === 'conflict') {
    text = t(messages.notSavedConflict);
    color = 'red.9';
  } else if (state.kind === 'error') {
    text = t(messages.notSavedError, { message: state.message });
    color = 'red.9';
  } else if (dirty && !valid) {
    text = t(messages.notSavedInvalid);
    color = 'red.9';
  } else if (dirty) text = t(messages.unsavedChanges);
  else if (state.kind === 'saved') {
    text = t(messages.allSavedAt, { time: formatTime(state.at, { timeZone: displayTimeZone() }) });
    color = 'teal.9';
  } else text = t(messages.noChanges);
  return (
    <Text size="sm" fw={600} c={color} role="status" aria-live="polite" data-testid="save-status">
      {text}
    </Text>
  );
}
