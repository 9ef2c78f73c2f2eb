import type { RosterClassCourse, RosterCount, RosterImport, RosterReport, RosterTeacher } from '@lyceum/contract';
import { formatDateTime, ROSTER_LIMITS } from '@lyceum/contract/constants';
import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Radio,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ListPagination } from '@/components/list-pagination';
import { ScrollFrame } from '@/components/scroll-frame';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useApplyRoster, useRosterImport, useUploadRoster, type RosterFormat } from '../api';
import { rosterMessages as messages } from '../messages';

/** Rows per page of the refused rows and of the classes. */
export const ROSTER_PAGE_SIZE = 20;
const NO_COURSE = '';
const NEW_COURSE = 'new';

/** The counts per kind of record: what an import will do (preview) or did (result). */
export function RosterCounts({ report, caption }: { report: RosterReport; caption: string }) {
  const t = useIntl().formatMessage;
  const kinds = [
    ['users', messages.users],
    ['classes', messages.classes],
    ['enrolments', messages.enrolments],
  ] as const;
  const columns = [
    ['create', messages.create],
    ['update', messages.update],
    ['unchanged', messages.unchanged],
    ['remove', messages.remove],
  ] as const satisfies readonly (readonly [keyof RosterCount, unknown])[];
  return (
    <ScrollFrame label={caption}>
      <Table withTableBorder striped>
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t(messages.kind)}</Table.Th>
            {columns.map(([key, label]) => (
              <Table.Th key={key} scope="col" ta="end">
                {t(label)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {kinds.map(([kind, label]) => (
            <Table.Tr key={kind}>
              <Table.Th scope="row">{t(label)}</Table.Th>
              {columns.map(([key]) => (
                <Table.Td key={key} ta="end" dir="ltr">
                  {formatCount(report[kind][key])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollFrame>
  );
}

/** The refused rows, 20 a page: file, line, reason (the server keeps the first 1,000, and counts them all). */
export function RefusedRows({ report }: { report: RosterReport }) {
  const t = useIntl().formatMessage;
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(report.refused.length / ROSTER_PAGE_SIZE));
  const rows = report.refused.slice((page - 1) * ROSTER_PAGE_SIZE, page * ROSTER_PAGE_SIZE);
  return (
    <section aria-labelledby="roster-refused">
      <Title order={3} size="h4" id="roster-refused" mb="xs">
        {t(messages.refusedHeading, { count: report.refusedCount })}
      </Title>
      {report.refusedCount > 0 && (
        <Stack gap="xs">
          <Text size="sm">
            {t(messages.refusedHint)}{' '}
            {report.refusedCount > report.refused.length &&
              t(messages.refusedListed, { listed: report.refused.length })}
          </Text>
          <ScrollFrame label={t(messages.refusedCaption, { page, pages })}>
            <Table withTableBorder>
              <Table.Caption>{t(messages.refusedCaption, { page, pages })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t(messages.fileColumn)}</Table.Th>
                  <Table.Th scope="col" ta="end">
                    {t(messages.line)}
                  </Table.Th>
                  <Table.Th scope="col">{t(messages.reason)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, index) => (
                  <Table.Tr key={`${row.file}:${row.line}:${index}`}>
                    <Table.Td dir="ltr" style={{ overflowWrap: 'break-word' }}>
                      {row.file}
                    </Table.Td>
                    <Table.Td ta="end" dir="ltr">
                      {row.line}
                    </Table.Td>
                    <Table.Td dir="auto" style={{ overflowWrap: 'break-word' }}>
                      {row.reason}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollFrame>
          <ListPagination
            page={page}
            pageSize={ROSTER_PAGE_SIZE}
            total={report.refused.length}
            onChange={setPage}
            label={t(messages.refusedPages)}
          />
        </Stack>
      )}
    </section>
  );
}

/** Each class of the preview with a course picker: keep, one of its teacher's courses, or a new draft course. */
export function ClassCourses({
  preview,
  choices,
  onChoose,
}: {
  preview: RosterImport;
  choices: Record<string, string>;
  onChoose: (classSourcedId: string, courseId: string) => void;
}) {
  const t = useIntl().formatMessage;
  const [page, setPage] = useState(1);
  const teachers = useMemo(
    () => new Map<string, RosterTeacher>(preview.teachers.map((teacher) => [teacher.sourcedId, teacher])),
    [preview.teachers],
  );
  const pages = Math.max(1, Math.ceil(preview.classes.length / ROSTER_PAGE_SIZE));
  const rows = preview.classes.slice((page - 1) * ROSTER_PAGE_SIZE, page * ROSTER_PAGE_SIZE);
  return (
    <section aria-labelledby="roster-courses">
      <Title order={3} size="h4" id="roster-courses" mb="xs">
        {t(messages.coursesHeading)}
      </Title>
      {preview.classes.length === 0 ? (
        <Text size="sm">{t(messages.noClasses)}</Text>
      ) : (
        <Stack gap="xs">
          <Text size="sm">
            {t(messages.coursesHint)}{' '}
            {preview.classCount > preview.classes.length &&
              t(messages.classesListed, { listed: preview.classes.length, count: preview.classCount })}
          </Text>
          <ScrollFrame label={t(messages.classesCaption, { page, pages })}>
            <Table withTableBorder verticalSpacing="xs">
              <Table.Caption>{t(messages.classesCaption, { page, pages })}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t(messages.className)}</Table.Th>
                  <Table.Th scope="col">{t(messages.teacher)}</Table.Th>
                  <Table.Th scope="col">{t(messages.course)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((cls) => {
                  const teacher = teachers.get(cls.teacherSourcedId);
                  return (
                    <Table.Tr key={cls.sourcedId}>
                      <Table.Td dir="auto" style={{ overflowWrap: 'break-word' }}>
                        {cls.title}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: 'break-word' }}>
                        <bdi>{teacher?.name ?? cls.teacherSourcedId}</bdi>
                        {teacher && !teacher.userId && (
                          <Text span size="sm" c="dimmed">
                            {' '}
                            ({t(messages.newTeacher)})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td miw={180}>
                        <NativeSelect
                          aria-label={t(messages.courseFor, { name: cls.title })}
                          value={choices[cls.sourcedId] ?? NO_COURSE}
                          onChange={(event) => onChoose(cls.sourcedId, event.currentTarget.value)}
                        >
                          <option value={NO_COURSE}>{t(messages.noCourse, { linked: cls.courseIds.length })}</option>
                          {(teacher?.courses ?? []).map((course) => (
                            <option key={course.id} value={course.id}>
                              {course.status === 'draft'
                                ? t(messages.draftBadge, { title: course.title })
                                : course.title}
                            </option>
                          ))}
                          <option value={NEW_COURSE}>{t(messages.newDraft)}</option>
                        </NativeSelect>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollFrame>
          <ListPagination
            page={page}
            pageSize={ROSTER_PAGE_SIZE}
            total={preview.classes.length}
            onChange={setPage}
            label={t(messages.classesPages)}
          />
        </Stack>
      )}
    </section>
  );
}

/** The apply's progress, polled until done or failed, then its result. */
function ApplyProgress({ id, onStartOver }: { id: string; onStartOver: () => void }) {
  const t = useIntl().formatMessage;
  const query = useRosterImport(id, true);
  const current = query.data;
  const finished = current?.status === 'done' || current?.status === 'failed';
  const resultHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (finished) resultHeading.current?.focus();
  }, [finished]);
  if (!current || !finished) {
    const processed = current?.processed ?? 0;
    const total = current?.total ?? 0;
    const percent = total > 0 ? Math.round((processed / total) * 100) : 0;
    return (
      <section aria-labelledby="roster-progress">
        <Title order={2} size="h3" id="roster-progress" mb="sm">
          {t(messages.progressHeading)}
        </Title>
        <Progress value={percent} size="lg" aria-label={t(messages.progressLabel)} animated />
        <Text size="sm" mt="xs" aria-live="polite">
          {t(messages.progress, { processed, total })}
        </Text>
      </section>
    );
  }
  return (
    <section aria-labelledby="roster-result">
      <Stack gap="md">
        <Title order={2} size="h3" id="roster-result" ref={resultHeading} tabIndex={-1}>
          {current.status === 'done' ? t(messages.resultHeading) : t(messages.failedHeading)}
        </Title>
        <Progress
          value={100}
          size="lg"
          aria-label={t(messages.progressLabel)}
          color={current.status === 'done' ? 'teal.9' : 'red.9'}
        />
        <Text size="sm">{t(messages.progress, { processed: current.processed, total: current.total })}</Text>
        {current.finishedAt && (
          <Text size="sm" c="dimmed">
            {t(messages.finishedAt, { at: formatDateTime(current.finishedAt) })}
          </Text>
        )}
        {current.error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />}>
            {current.error}
          </Alert>
        )}
        {current.result && <RosterCounts report={current.result} caption={t(messages.resultCaption)} />}
        <Group>
          <Button variant="default" onClick={onStartOver}>
            {t(messages.startOver)}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}

/** The preview of an upload: counts, refused rows, a course per class, the password mail option, Apply. */
function RosterPreview({ preview, onApplied }: { preview: RosterImport; onApplied: () => void }) {
  const t = useIntl().formatMessage;
  const heading = useRef<HTMLHeadingElement>(null);
  const [choices, setChoices] = useState<Record<string, string>>({});
  const [sendPasswordMail, setSendPasswordMail] = useState(false);
  const applying = useApplyRoster(preview.id);
  useEffect(() => heading.current?.focus(), [preview.id]);
  const apply = () => {
    const courses: RosterClassCourse[] = Object.entries(choices)
      .filter(([, courseId]) => courseId !== NO_COURSE)
      .map(([classSourcedId, courseId]) => ({ classSourcedId, courseId }));
    applying.mutate({ sendPasswordMail, courses }, { onSuccess: onApplied });
  };
  return (
    <section aria-labelledby="roster-preview">
      <Stack gap="lg">
        <div>
          <Title order={2} size="h3" id="roster-preview" ref={heading} tabIndex={-1}>
            {t(messages.previewHeading)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(messages.previewMode, { mode: preview.mode })}
          </Text>
        </div>
        <RosterCounts report={preview.preview} caption={t(messages.countsCaption)} />
        <RefusedRows report={preview.preview} />
        <ClassCourses
          preview={preview}
          choices={choices}
          onChoose={(sid, courseId) => setChoices((current) => ({ ...current, [sid]: courseId }))}
        />
        <Checkbox
          label={t(messages.sendPasswordMail)}
          description={t(messages.sendPasswordMailHint)}
          checked={sendPasswordMail}
          onChange={(event) => setSendPasswordMail(event.currentTarget.checked)}
        />
        {applying.error && (
          <Alert color="red" variant="light" title={t(messages.applyFailed)} role="alert">
            {toastMessageOf(applying.error, t(messages.applyFailed))}
          </Alert>
        )}
        <Group>
          <Button onClick={apply} loading={applying.isPending}>
            {t(messages.apply)}
          </Button>
        </Group>
      </Stack>
    </section>
  );
}

/** The admin's roster import: choose the format, upload, read the preview, link classes to courses, apply. */
export function RosterImportFlow() {
  const t = useIntl().formatMessage;
  const [format, setFormat] = useState<RosterFormat>('oneroster');
  const [file, setFile] = useState<File | null>(null);
  const [applied, setApplied] = useState(false);
  const uploading = useUploadRoster();
  const preview = uploading.data;
  const limit = format === 'csv' ? ROSTER_LIMITS.csvBytes : ROSTER_LIMITS.zipBytes;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) uploading.mutate({ format, file });
  };
  const startOver = () => {
    setApplied(false);
    setFile(null);
    uploading.reset();
  };
  const uploadDisabled = !file || file.size > limit || applied;
  return (
    <Stack gap="xl">
      <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="roster-upload">
        <form onSubmit={submit}>
          <Stack gap="md">
            <Title order={2} size="h3" id="roster-upload">
              {t(messages.uploadHeading)}
            </Title>
            <Radio.Group
              label={t(messages.format)}
              description={format === 'csv' ? t(messages.csvHint) : t(messages.oneRosterHint)}
              value={format}
              onChange={(value) => {
                setFormat(value as RosterFormat);
                setFile(null);
                uploading.reset();
              }}
            >
              <Group mt="xs">
                <Radio value="oneroster" label={t(messages.formatOneRoster)} disabled={applied} />
                <Radio value="csv" label={t(messages.formatCsv)} disabled={applied} />
              </Group>
            </Radio.Group>
            <FileInput
              label={t(messages.file)}
              accept={format === 'csv' ? '.csv,text/csv' : '.zip,application/zip'}
              value={file}
              onChange={(next) => {
                setFile(next);
                uploading.reset();
                setApplied(false);
              }}
              disabled={applied}
              clearable
              clearButtonProps={{ 'aria-label': t(messages.clearFile) }}
              leftSection={<IconUpload size={16} aria-hidden />}
            />
            {uploading.error && (
              <Alert
                color="red"
                variant="light"
                title={t(messages.uploadFailed)}
                icon={<IconAlertTriangle aria-hidden />}
                role="alert"
              >
                {toastMessageOf(uploading.error, t(messages.uploadFailed))}
              </Alert>
            )}
            <Group>
              <Button type="submit" loading={uploading.isPending} disabled={uploadDisabled}>
                {t(messages.upload)}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {preview && !applied && <RosterPreview preview={preview} onApplied={() => setApplied(true)} />}
      {preview && applied && <ApplyProgress id={preview.id} onStartOver={startOver} />}
    </Stack>
  );
}
