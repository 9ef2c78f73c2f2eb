import { normaliseClassCode } from '@lyceum/contract/constants';
import { Alert, Button, Card, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { AuthNavigationState } from '../features/auth/components/auth-navigation-state';
import { JoinClassForm } from '../features/classes/components/join-class-form';
import { useJoinClass } from '../features/classes/api/class-mutations';
import { paths } from '../config/paths';
import { toastMessageOf } from '../lib/api-client';
import { useAuth } from '../lib/auth/auth-context';
import { usePageTitle } from '../lib/use-page-title';

/** Router state of a link to the join page: `focus: 'heading'` moves focus to its heading once shown. */
export interface JoinPageState {
  focus?: 'heading';
}

/**
 * /join and /join/:code (issue 18): the invite link and the home page's "Enter access code" lead here. A signed-in
 * student joins at once and lands in the class; a visitor registers or logs in and comes back here with the code
 * kept (router state `from`), which then joins.
 */
export function JoinPage() {
  usePageTitle('Join a class');
  const { code: rawCode } = useParams();
  const code = rawCode ? normaliseClassCode(rawCode) : '';
  const { state } = useAuth();
  const navigate = useNavigate();
  const role = state.isAuthenticated ? (state.user?.role ?? null) : null;
  const join = useJoinClass();
  const tried = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  // Reached from the header's "Join a class" (issue 46.7): focus moves to this page's heading, so the next Tab is
  // the code field, not the rest of the header.
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const fromHeader = (location.state as JoinPageState | null)?.focus === 'heading';
  useEffect(() => {
    if (fromHeader) heading.current?.focus();
  }, [fromHeader]);

  useEffect(() => {
    if (role !== 'student' || !code || tried.current) return;
    tried.current = true;
    join.mutate(code, {
      onSuccess: (joined) => void navigate(paths.student.classDetails.href(joined.classId), { replace: true }),
      onError: (error) => setFailure(toastMessageOf(error, 'The code could not be checked. Try again.')),
    });
  }, [role, code, join, navigate]);

  const back = { from: paths.join.href(code) } satisfies AuthNavigationState;
  const joining = role === 'student' && code && !failure;

  return (
    <Container size={520} py={{ base: 32, sm: 56 }}>
      <Card withBorder radius="lg" padding="xl">
        <Stack gap="md">
          <Title order={1} fz={{ base: 26, sm: 30 }} ref={heading} tabIndex={-1}>
            Join a class
          </Title>
          {joining ? (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text>Joining the class with code {code}…</Text>
            </Group>
          ) : role === null ? (
            <>
              <Text>
                {code ? (
                  <>
                    You are joining a class with the code <strong>{code}</strong>. Create a free student account or log
                    in: you land in the class, enrolled in its courses.
                  </>
                ) : (
                  'Enter the code your teacher gave you. You need a student account to join: you can create one next.'
                )}
              </Text>
              {code ? (
                // Each button as wide as its words (a grid of halves cut "Create a student acc…"); they wrap.
                <Group gap="sm">
                  <Button component={Link} to={paths.register.href('student')} state={back}>
                    Create a student account
                  </Button>
                  <Button component={Link} to={paths.login.href()} state={back} variant="default">
                    Log in
                  </Button>
                </Group>
              ) : (
                <JoinClassForm
                  canJoin={false}
                  onJoined={() => {}}
                  onNeedsAccount={(typed) => void navigate(paths.join.href(normaliseClassCode(typed)))}
                />
              )}
            </>
          ) : role !== 'student' ? (
            <Alert color="orange" variant="light" title="Classes are joined with a student account">
              <Text c="#5c2a00">
                You are signed in as a {role}. Log out and use a student account to join a class with a code.
              </Text>
            </Alert>
          ) : (
            <>
              {failure ? (
                <Alert color="red" variant="light" title="This code did not work" role="alert">
                  {failure}
                </Alert>
              ) : null}
              <JoinClassForm
                initialCode={code}
                canJoin
                onJoined={(classId) => void navigate(paths.student.classDetails.href(classId))}
                onNeedsAccount={() => {}}
              />
            </>
          )}
        </Stack>
      </Card>
    </Container>
  );
}
