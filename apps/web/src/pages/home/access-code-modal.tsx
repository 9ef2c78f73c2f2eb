import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';

/** Longer than any code a teacher will hand out, short enough to show in a sentence. */
const CODE_MAX_LENGTH = 32;

export interface AccessCodeModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The code field and its answer. Inside the modal's content, so a dialog opened again starts empty. */
function AccessCodeForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checkedCode, setCheckedCode] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError('Enter the code your teacher gave you');
      setCheckedCode(null);
      return;
    }
    setError(null);
    setCheckedCode(value);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Access code"
          description="The code your teacher gave you"
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value);
            setCheckedCode(null);
          }}
          error={error}
          maxLength={CODE_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          data-autofocus
        />
        <div role="status">
          {checkedCode ? (
            <Alert
              variant="light"
              color="orange"
              title="This code cannot be used yet"
              // The light variant's orange title (even Mantine's orange 9) is below 4.5:1 on its background; this
              // darker orange is about 6:1.
              styles={{ title: { color: '#9c3607' } }}
            >
              Classes are not open on Lyceum yet, so &ldquo;{checkedCode}&rdquo; could not be checked. Keep it for when
              your teacher&rsquo;s class opens.
            </Alert>
          ) : null}
        </div>
        <Group justify="flex-end" gap="sm">
          <Button component={Link} to={paths.courses.href()} variant="default">
            Browse the catalogue
          </Button>
          <Button type="submit">Check code</Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * "Enter access code" (issue 8): where a student will type the code a teacher gave them to join a class. Classes do
 * not exist yet, so the dialog says so up front, never pretends a code worked, and offers the catalogue instead.
 */
export function AccessCodeModal({ opened, onClose }: AccessCodeModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Enter access code"
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Mantine's modal header is a <header>, which axe reads as a second page banner; the dialog is named by its title.
      attributes={{ header: { role: 'presentation' } }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 800 } }}
    >
      <Stack gap="md">
        <Text>
          An access code is how a teacher invites students to a class of theirs: the teacher gives you the code, and you
          enter it here to join.
        </Text>
        <Alert variant="light" color="blue" title="Classes are not open yet" icon={<IconInfoCircle aria-hidden />}>
          Lyceum has no classes yet, so no code can be used today. Every course in the catalogue is open to you in the
          meantime: enrolling is free.
        </Alert>
        <AccessCodeForm />
      </Stack>
    </Modal>
  );
}
