import type { TeacherClass } from '@lyceum/contract';
import { CLASS_LIMITS } from '@lyceum/contract/constants';
import { Alert, Button, Card, Group, List, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal';
import { toastMessageOf } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAddCoTeacher, useUpdateClass } from '../api/class-mutations';

/** Details, co-teachers and archiving of a class. */
export function ClassSettings({ cls }: { cls: TeacherClass }) {
  const [name, setName] = useState(cls.name);
  const [section, setSection] = useState(cls.section);
  const [subject, setSubject] = useState(cls.subject);
  const [email, setEmail] = useState('');
  const [confirmArchive, setConfirmArchive] = useState(false);
  const update = useUpdateClass(cls.id);
  const addTeacher = useAddCoTeacher(cls.id);
  const readOnly = cls.archived;

  function saveDetails(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(
      { name, section, subject },
      {
        onSuccess: () => notifySuccess('Class details saved'),
        onError: (error) => notifyError(toastMessageOf(error, 'The class could not be changed')),
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
        <form onSubmit={saveDetails} aria-label="Class details">
          <Stack gap="md">
            <Title order={3} fz="lg">
              Details
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Class name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                maxLength={CLASS_LIMITS.name}
                disabled={readOnly}
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
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" disabled={readOnly} loading={update.isPending}>
                Save details
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Title order={3} fz="lg">
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
          <Title order={3} fz="lg">
            {readOnly ? 'Archived' : 'Archive'}
          </Title>
          {readOnly ? (
            <>
              <Alert variant="light" color="gray">
                This class is archived: everyone can still read it, nobody can change it.
              </Alert>
              <Group>
                <Button variant="default" onClick={() => setArchived(false)} loading={update.isPending}>
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
                <Button color="red" variant="light" onClick={() => setConfirmArchive(true)}>
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
      >
        Nobody can join, post or assign work any more; everything stays readable. You can restore it later.
      </ConfirmModal>
    </Stack>
  );
}
