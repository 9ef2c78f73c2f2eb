import type { TeacherClass } from '@lyceum/contract';
import { CLASS_LIMITS } from '@lyceum/contract/constants';
import { Alert, Button, Card, Checkbox, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ConfirmModal } from '@/components/confirm-modal';
import { toastMessageOf } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { softDisabled } from '@/lib/soft-disabled';
import { useAddCoTeacher, useUpdateClass } from '../api/class-mutations';
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
    const local = classDetailsErrors({ name, courseIds });
    if (startsOn && endsOn && endsOn < startsOn) local.endsOn = 'Must be on or after the start date';
    setErrors(local);
    if (Object.keys(local).length) return;
    refocusSave.current = true;
    update.mutate(
      { name, section, subject, startsOn: startsOn || null, endsOn: endsOn || null, courseIds },
      {
        onSuccess: () => notifySuccess('Class details saved'),
        onError: (error) => reportSaveError(error, setErrors, 'The class could not be changed'),
      },
    );
  }

  function invite(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    addTeacher.mutate(email, {
      onSuccess: () => {
        notifySuccess('Co-teacher added');
        setEmail('');
      },
      onError: (error) => notifyError(toastMessageOf(error, 'The co-teacher could not be added')),
    });
  }

  const setArchived = (archived: boolean) =>
    update.mutate(
      { archived },
      {
        onSuccess: () => {
          setConfirmArchive(false);
          notifySuccess(archived ? 'Class archived' : 'Class restored');
        },
        onError: (error) => notifyError(toastMessageOf(error, 'The class could not be changed')),
      },
    );

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={saveDetails} noValidate aria-label="Class details">
          <Stack gap="md">
            <Title order={2} fz="lg">
              Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Class name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={CLASS_LIMITS.name}
                disabled={readOnly}
                error={errors.name}
                required
              />
              <TextInput
                label="Section or period"
                value={section}
                onChange={(e) => setSection(e.currentTarget.value)}
                maxLength={CLASS_LIMITS.section}
                disabled={readOnly}
              />
              <TextInput
                label="Subject"
                value={subject}
                onChange={(e) => setSubject(e.currentTarget.value)}
                maxLength={CLASS_LIMITS.subject}
                disabled={readOnly}
              />
              <TextInput
                type="date"
                label="Starts on (optional)"
                value={startsOn}
                onChange={(e) => setStartsOn(e.currentTarget.value)}
                error={errors.startsOn}
                disabled={readOnly}
              />
              <TextInput
                type="date"
                label="Ends on (optional)"
                value={endsOn}
                onChange={(e) => setEndsOn(e.currentTarget.value)}
                error={errors.endsOn}
                disabled={readOnly}
              />
            </SimpleGrid>
            <Checkbox.Group
              label="Courses of the class"
              description="Members are enrolled in a course you add; removing a course keeps their enrolment and progress in it."
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
                Save details
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={2} fz="lg">
            Teachers
          </Title>
          <List spacing={4}>
            {cls.teachers.map((t) => (
              <List.Item key={t.id}>
                {t.name}{' '}
                <Text span c="dimmed" size="sm">
                  ({t.email}
                  {t.id === cls.ownerId ? ', owner' : ''})
                </Text>
              </List.Item>
            ))}
          </List>
          <form onSubmit={invite} aria-label="Add a co-teacher">
            <Group align="flex-end" gap="sm">
              <TextInput
                type="email"
                label="Co-teacher’s e-mail"
                description="Their teacher account gets the same rights in this class."
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
                Add
              </Button>
            </Group>
          </form>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {readOnly ? 'Archived' : 'Archive'}
          </Title>
          {readOnly ? (
            <>
              <Alert variant="light" color="gray">
                This class is archived: everyone can still read it, nobody can change it.
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
                  Restore class
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                At the end of the term, archive the class: it becomes read-only for you and its students, and is kept.
              </Text>
              <Group>
                <Button ref={archiveButton} color="red" variant="light" onClick={() => setConfirmArchive(true)}>
                  Archive class
                </Button>
              </Group>
            </>
          )}
        </Stack>
      </Card>
      <ConfirmModal
        opened={confirmArchive}
        title="Archive this class?"
        confirmLabel="Archive class"
        danger
        loading={update.isPending}
        onClose={() => setConfirmArchive(false)}
        onConfirm={() => setArchived(true)}
        onExited={() => {
          settleFocus.current = true;
          setModalExits((n) => n + 1);
        }}
      >
        Nobody can join, post or assign work any more; everything stays readable. You can restore it later.
      </ConfirmModal>
    </Stack>
  );
}
