import { normaliseClassCode } from '@lyceum/contract/constants';
import { Button, Modal, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { JoinClassForm } from '@/features/classes/components/join-class-form';
import { useAuth } from '@/lib/auth/auth-context';

export interface AccessCodeModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * "Enter access code" (issue 18): a signed-in student joins the class at once and lands in it; a visitor goes to the
 * join page, which takes them through registration or login and back with the code kept.
 */
export function AccessCodeModal({ opened, onClose }: AccessCodeModalProps) {
  const { state } = useAuth();
  const navigate = useNavigate();
  const role = state.isAuthenticated ? (state.user?.role ?? null) : null;
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
          Your teacher gives you the code of their class. Enter it here to join the class; you are enrolled in its
          courses at once.
        </Text>
        {role && role !== 'student' ? (
          <Text c="dimmed" size="sm">
            Classes are joined with a student account: you are signed in as a {role}.
          </Text>
        ) : null}
        <JoinClassForm
          canJoin={role === 'student'}
          onJoined={(classId) => {
            onClose();
            void navigate(paths.student.classDetails.href(classId));
          }}
          onNeedsAccount={(code) => {
            onClose();
            void navigate(paths.join.href(normaliseClassCode(code)));
          }}
          secondary={
            <Button component={Link} to={paths.courses.href()} variant="default" onClick={onClose}>
              Browse the catalogue
            </Button>
          }
        />
      </Stack>
    </Modal>
  );
}
