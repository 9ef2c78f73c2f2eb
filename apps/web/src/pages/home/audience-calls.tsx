import type { Role } from '@lyceum/contract';
import { Box, Button, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useHasBeenTrue } from '@/lib/use-has-been-true';
import { useReturnFocus } from '@/lib/use-return-focus';
import classes from './audience-calls.module.css';

const loadAccessCodeModal = () => import('./access-code-modal');

// Fetched when first asked for (or about to be), not with the page.
const AccessCodeModal = lazy(async () => ({ default: (await loadAccessCodeModal()).AccessCodeModal }));

interface InstructorCall {
  text: string;
  label: string;
  href: string;
}

/**
 * Where "Start a class today" leads: a visitor signs up as a teacher, a teacher (or an admin, who writes courses for
 * teachers) opens the add-course form. A student's account cannot teach and /register would send them back to their
 * area, so they get the guide's page on teaching instead.
 */
export function instructorCallOf(role: Role | null): InstructorCall {
  switch (role) {
    case 'teacher':
      return {
        text: 'Gather your students around your courses: they join with a code, you follow their progress.',
        label: 'Start a class today',
        href: paths.teacher.classes.href('new'),
      };
    case 'admin':
      return {
        text: 'Write a course on behalf of one of your teachers and publish it when it is ready.',
        label: 'Start a class today',
        href: paths.admin.addCourse.href(),
      };
    case 'student':
      return {
        text: 'Teaching takes a teacher account, separate from your student one. The guide shows how to start.',
        label: 'How to start teaching',
        href: paths.docs.href('teachers'),
      };
    default:
      return {
        text: 'Create a free teacher account, draft your first course and publish it when it is ready.',
        label: 'Start a class today',
        href: paths.register.href('teacher'),
      };
  }
}

interface AudienceCardProps {
  className: string | undefined;
  eyebrow: string;
  eyebrowColor: string;
  title: ReactNode;
  titleColor?: string;
  text: ReactNode;
  textColor: string;
  action: ReactNode;
}

/** One audience's card: who it is for, a heading, a line of text and the way in. */
function AudienceCard({
  className,
  eyebrow,
  eyebrowColor,
  title,
  titleColor,
  text,
  textColor,
  action,
}: AudienceCardProps) {
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId} className={className} p={{ base: 28, md: 48 }}>
      <div className={classes.card}>
        <Text fw={700} tt="uppercase" fz="sm" c={eyebrowColor}>
          {eyebrow}
        </Text>
        <Title order={2} id={headingId} fz={{ base: 24, sm: 30 }} c={titleColor}>
          {title}
        </Title>
        <Text c={textColor}>{text}</Text>
        <div className={classes.action}>{action}</div>
      </div>
    </Box>
  );
}

/** "For instructors" and "For students" (spec §2, issue 8): a way in for each. */
export function AudienceCalls() {
  const { state } = useAuth();
  const call = instructorCallOf(state.isAuthenticated ? (state.user?.role ?? null) : null);
  const [codeOpened, setCodeOpened] = useState(false);
  const codeModalNeeded = useHasBeenTrue(codeOpened);
  const prefetch = () => void loadAccessCodeModal();
  const codeButtonRef = useReturnFocus<HTMLButtonElement>(codeOpened);

  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AudienceCard
          className={classes.instructors}
          eyebrow="For instructors"
          eyebrowColor="indigo.1"
          title="Share what you know with students everywhere."
          titleColor="white"
          text={call.text}
          textColor="indigo.0"
          action={
            <Button
              size="lg"
              variant="white"
              component={Link}
              to={call.href}
              rightSection={<IconArrowRight aria-hidden />}
            >
              {call.label}
            </Button>
          }
        />
        <AudienceCard
          className={classes.students}
          eyebrow="For students"
          eyebrowColor="teal.9"
          title={<>Joining a teacher&rsquo;s class?</>}
          text="Your teacher gives you an access code: enter it to join their class and its courses in one step."
          textColor="gray.8"
          action={
            <Button
              size="lg"
              color="teal.9"
              ref={codeButtonRef}
              aria-haspopup="dialog"
              onClick={() => setCodeOpened(true)}
              onPointerEnter={prefetch}
              onFocus={prefetch}
            >
              Enter access code
            </Button>
          }
        />
      </SimpleGrid>
      {codeModalNeeded ? (
        <Suspense fallback={null}>
          <AccessCodeModal opened={codeOpened} onClose={() => setCodeOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
