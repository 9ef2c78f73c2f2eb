import type { TeacherClass } from '@lyceum/contract';
import { CLASS_LIMITS } from '@lyceum/contract/constants';
import { Alert, Button, Card, Checkbox, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { useIntl } from '@/i18n/intl';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { softDisabled } from '@/lib/soft-disabled';
import { useAddCoTeacher, useUpdateClass } from '../api/class-mutations';
import { classesMessages as messages } from '../messages';
import { classDetailsErrors, reportSaveError } from './class-form-errors';

/** A course a teacher of the class may add to it. */
export interface ClassCourseOption {
  id: string;
  title: string;
}

/**
 * Details (name, section, subject, dates and courses), co-teachers and archiving of a class. `courseOptions`: the
 * caller's own courses; the class's current ones are always offered too (a co-teacher's courses among them).
 */
export function ClassSettings({ cls, courseOptions = [] }: { cls: TeacherClass; courseOptions?: ClassCourseOption[] }) {
  const intl = useIntl();
  const t = intl.formatMessage;
  const [name, setName] = useState(cls.name);
  const [section, setSection] = useState(cls.section);
  const [subject, setSubject] = useState(cls.subject);
  const [startsOn, setStartsOn] = useState(cls.startsOn ?? '');
  const [endsOn, setEndsOn] = useState(cls.endsOn ?? '');
  const [courseIds, setCourseIds] = useState(cls.courses.map((c) => c.id));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const offered = [...cls.courses, ...courseOptions.filter((o) => !cls.courses.some((c) => c.id === o.id))];
  const [email, setEmail] = useState('');
  const [confirmArchive, setConfirmArchive] = useState(false);
  const update = useUpdateClass(cls.id);
  const addTeacher = useAddCoTeacher(cls.id);
  const readOnly = cls.archived;
  // "Save details" is disabled while saving (its loader), which drops focus: it gets it back once saved.
  const saveButton = useRef<HTMLButtonElement>(null);
  const refocusSave = useRef(false);
  useEffect(() => {
    if (update.isPending || !refocusSave.current) return;
    refocusSave.current = false;
    saveButton.current?.focus();
  }, [update.isPending]);

  // Archiving replaces "Archive class" with "Restore class" and restoring the other way round: the pressed button is
  // gone, so focus goes to the one that took its place once the class has changed (issue 46.14).
  const archiveButton = useRef<HTMLButtonElement>(null);
  const restoreButton = useRef<HTMLButtonElement>(null);
  // Cancelling the confirmation lands on "Archive class" again, by the same rule.
  // The modal's exit callback is the one of the render that closed it: it only marks the moment, and the effect acts
  // with the current state once the change is saved.
  const settleFocus = useRef(false);
  const [modalExits, setModalExits] = useState(0);
  useEffect(() => {
    if (!settleFocus.current || update.isPending || confirmArchive) return;
    settleFocus.current = false;
    // Only one of the two is on the page at a time (React empties the other's ref).
    (restoreButton.current ?? archiveButton.current)?.focus();
  }, [readOnly, update.isPending, confirmArchive, modalExits]);

  function saveDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local = classDetailsErrors(intl, { name, courseIds });
    if (startsOn && endsOn && endsOn < startsOn) local.endsOn = t(messages.endsBeforeStart);
    setErrors(local);
    if (Object.keys(local).length) return;
    refocusSave.current = true;
    update.mutate(
      { name, section, subject, startsOn: startsOn || null, endsOn: endsOn || null, courseIds },
      {
        onSuccess: () => notifySuccess(t(messages.classDetailsSaved)),
        onError: (error) => reportSaveError(error, setErrors, t(messages.classChangeFailed)),
      },
    );
  }

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    addTeacher.mutate(email, {
      onSuccess: () => {
        notifySuccess(t(messages.coTeacherAdded));
        setEmail('');
      },
      onError: (error) => notifyError(toastMessageOf(error, t(messages.coTeacherFailed))),
    });
  }

  const setArchived = (archived: boolean) =>
    update.mutate(
      { archived },
      {
        onSuccess: () => {
          setConfirmArchive(false);
          notifySuccess(t(messages.archivedToast, { archived: archived ? 'yes' : 'no' }));
        },
        onError: (error) => notifyError(toastMessageOf(error, t(messages.classChangeFailed))),
      },
    );

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={saveDetails} noValidate aria-label={t(messages.classDetails)}>
          <Stack gap="md">
            <Title order={2} fz="lg">
              {t(messages.details)}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label={t(messages.className)}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={CLASS_LIMITS.name}
                disabled={readOnly}
                error={errors.name}
                required
              />
              <TextInput
                label={t(messages.sectionOrPeriod)}
                value={section}
                onChange={(e) => setSection(e.currentTarget.value)}
                maxLength={CLASS_LIMITS.section}
                disabled={readOnly}
              />
              <TextInput
                label={t(messages.subject)}
                value={subject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                maxLength={CLASS_LIMITS.subject}
                disabled={readOnly}
              />
              <TextInput
                type="date"
                label={t(messages.startsOnOptional)}
                value={startsOn}
                onChange={(e) => setStartsOn(e.currentTarget.value)}
                error={errors.startsOn}
                disabled={readOnly}
              />
              <TextInput
                type="date"
                label={t(messages.endsOnOptional)}
                value={endsOn}
                onChange={(e) => setEndsOn(e.currentTarget.value)}
                error={errors.endsOn}
                disabled={readOnly}
              />
            </SimpleGrid>
            <Checkbox.Group
              label={t(messages.coursesOfClass)}
              description={t(messages.coursesHintSettings)}
              value={courseIds}
              onChange={setCourseIds}
              error={errors.courseIds}
              withAsterisk
            >
              <Stack gap="xs" mt="xs">
                {offered.map((course) => (
                  <Checkbox key={course.id} value={course.id} label={course.title} disabled={readOnly} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Group justify="flex-end">
              <Button ref={saveButton} type="submit" disabled={readOnly} loading={update.isPending}>
                {t(messages.saveDetails)}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t(messages.teachers)}
          </Title>
          <List spacing={4}>
            {cls.teachers.map((teacher) => (
              <List.Item key={teacher.id}>
                {teacher.name}{' '}
                <Text span c="dimmed" size="sm">
                  {t(messages.teacherDetail, {
                    email: teacher.email ?? '',
                    owner: teacher.id === cls.ownerId ? 'yes' : 'no',
                  })}
                </Text>
              </List.Item>
            ))}
          </List>
          <form onSubmit={invite} aria-label={t(messages.addCoTeacher)}>
            <Group align="flex-end" gap="sm">
              <TextInput
                type="email"
                label={t(messages.coTeacherEmail)}
                description={t(messages.coTeacherHint)}
                value={email}
                onChange={(e) => setEmail(e.currentTarget.value)}
                disabled={readOnly}
                style={{ flex: 1, minWidth: 220 }}
              />
              <Button
                type="submit"
                variant="default"
                disabled={readOnly || !email.trim()}
                loading={addTeacher.isPending}
              >
                {t(messages.add)}
              </Button>
            </Group>
          </form>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t(messages.archiveHeading, { archived: readOnly ? 'yes' : 'no' })}
          </Title>
          {readOnly ? (
            <>
              <Alert variant="light" color="gray">
                {t(messages.archivedNote)}
              </Alert>
              <Group>
                <Button
                  ref={restoreButton}
                  variant="default"
                  onClick={() => {
                    settleFocus.current = true;
                    setArchived(false);
                  }}
                  {...softDisabled(update.isPending)}
                >
                  {t(messages.restoreClass)}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t(messages.archiveHint)}
              </Text>
              <Group>
                <Button ref={archiveButton} color="red" variant="light" onClick={() => setConfirmArchive(true)}>
                  {t(messages.archiveClass)}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
      <ConfirmModal
        opened={confirmArchive}
        title={t(messages.archiveQuestion)}
        confirmLabel={t(messages.archiveClass)}
        danger
        loading={update.isPending}
        onClose={() => setConfirmArchive(false)}
        onConfirm={() => setArchived(true)}
        onExited={() => {
          settleFocus.current = true;
          setModalExits((n) => n + 1);
        }}
      >
        {t(messages.archiveBody)}
      </ConfirmModal>
    </Stack>
  );
}
