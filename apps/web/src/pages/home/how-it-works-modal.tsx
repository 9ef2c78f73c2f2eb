import { Anchor, Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';

const INDIGO = '#364fc7';
const PALE = '#edf2ff';
const LINE = '#dee2e6';

/** Step 1: a search box over a few course cards. */
function FindPicture() {
  return (
    <svg viewBox="0 0 240 160" aria-hidden="true">
      <rect width="240" height="160" rx="16" fill={PALE} />
      <rect x="24" y="20" width="192" height="30" rx="15" fill="#fff" stroke="#bac8ff" strokeWidth="2" />
      <circle cx="44" cy="35" r="7" fill="none" stroke={INDIGO} strokeWidth="3" />
      <path d="M49 40 l6 6" stroke={INDIGO} strokeWidth="3" strokeLinecap="round" />
      <rect x="62" y="31" width="80" height="8" rx="4" fill={LINE} />
      {[
        { x: 24, color: '#fff0f6', mark: '#c2255c' },
        { x: 90, color: '#e7f5ff', mark: '#1971c2' },
        { x: 156, color: '#fff4e6', mark: '#e8590c' },
      ].map((card) => (
        <g key={card.x}>
          <rect x={card.x} y="64" width="60" height="76" rx="8" fill="#fff" />
          <rect x={card.x} y="64" width="60" height="24" rx="8" fill={card.color} />
          <circle cx={card.x + 14} cy="76" r="6" fill={card.mark} />
          <rect x={card.x + 8} y="96" width="44" height="6" rx="3" fill="#495057" />
          <rect x={card.x + 8} y="108" width="32" height="5" rx="2.5" fill={LINE} />
          <rect x={card.x + 8} y="122" width="44" height="10" rx="5" fill={PALE} />
        </g>
      ))}
      <path
        d="M176 112 v30 l7 -7 l6 13 l6 -3 l-6 -12 h10z"
        fill="#212529"
        stroke="#fff"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Step 2: a course video with the "enrolled" check. */
function LearnPicture() {
  return (
    <svg viewBox="0 0 240 160" aria-hidden="true">
      <rect width="240" height="160" rx="16" fill="#e6fcf5" />
      <rect x="28" y="22" width="150" height="96" rx="10" fill={INDIGO} />
      <circle cx="103" cy="70" r="20" fill="#fff" />
      <path d="M97 60 l16 10 l-16 10z" fill={INDIGO} />
      <rect x="28" y="128" width="150" height="6" rx="3" fill="#c3fae8" />
      <rect x="28" y="128" width="64" height="6" rx="3" fill="#0ca678" />
      <rect x="150" y="94" width="72" height="40" rx="12" fill="#fff" />
      <circle cx="170" cy="114" r="10" fill="#0ca678" />
      <path d="M165 114 l4 4 l7 -8" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <rect x="186" y="110" width="28" height="7" rx="3.5" fill="#495057" />
      <circle cx="206" cy="38" r="14" fill="#ffd8a8" />
      <path d="M188 78 v-8 a18 16 0 0 1 36 0 v8z" fill="#f76707" />
    </svg>
  );
}

/** Step 3: a question, its answer and a row of stars. */
function AskPicture() {
  return (
    <svg viewBox="0 0 240 160" aria-hidden="true">
      <rect width="240" height="160" rx="16" fill="#fff9db" />
      <path
        d="M28 24 h110 a10 10 0 0 1 10 10 v28 a10 10 0 0 1 -10 10 h-84 l-14 12 v-12 h-12 a10 10 0 0 1 -10 -10 v-28 a10 10 0 0 1 10 -10z"
        fill="#fff"
      />
      <text x="44" y="56" fontFamily="Arial, sans-serif" fontSize="22" fontWeight="700" fill={INDIGO}>
        ?
      </text>
      <rect x="62" y="38" width="70" height="7" rx="3.5" fill="#495057" />
      <rect x="62" y="52" width="50" height="6" rx="3" fill={LINE} />
      <path
        d="M212 64 h-100 a10 10 0 0 0 -10 10 v26 a10 10 0 0 0 10 10 h76 l14 12 v-12 h10 a10 10 0 0 0 10 -10 v-26 a10 10 0 0 0 -10 -10z"
        fill="#0ca678"
      />
      <rect x="116" y="78" width="80" height="7" rx="3.5" fill="#fff" />
      <rect x="116" y="92" width="56" height="6" rx="3" fill="#c3fae8" />
      {[0, 1, 2, 3, 4].map((index) => (
        <path
          key={index}
          transform={`translate(${30 + index * 24} 118)`}
          d="M10 0 l3 6.5 l7 .8 l-5.2 4.8 l1.4 7 l-6.2 -3.5 l-6.2 3.5 l1.4 -7 l-5.2 -4.8 l7 -.8z"
          fill={index < 4 ? '#fcc419' : LINE}
        />
      ))}
    </svg>
  );
}

const STEPS: readonly { title: string; text: string; picture: ReactNode }[] = [
  {
    title: 'Find a course',
    text: 'Search the catalogue by title, tag or topic, filter it by category and sort it by rating or popularity. Each course’s page shows its video, what you will learn and what you need, before you decide.',
    picture: <FindPicture />,
  },
  {
    title: 'Enrol and learn',
    text: 'Create a free student account and enrol in one click. The course joins your dashboard, where you follow what is in progress and mark a course completed when you finish it.',
    picture: <LearnPicture />,
  },
  {
    title: 'Ask and review',
    text: 'Stuck? Ask the community forum, where students and teachers answer each other. Finished? Rate the course and review it for the learners who come after you.',
    picture: <AskPicture />,
  },
];

export interface HowItWorksModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The hero's walkthrough: how Lyceum works in three illustrated steps, then a way to start. */
export function HowItWorksModal({ opened, onClose }: HowItWorksModalProps) {
  const { state } = useAuth();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="How Lyceum works"
      size="xl"
      radius="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      // Mantine's modal header is a <header>, which axe reads as a second page banner; the dialog is named by its title.
      attributes={{ header: { role: 'presentation' } }}
      styles={{ title: { fontSize: 'var(--mantine-font-size-xl)', fontWeight: 800 } }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg" component="ol" style={{ listStyle: 'none', padding: 0 }}>
        {STEPS.map((step, index) => (
          <Stack component="li" key={step.title} gap="xs">
            {step.picture}
            <Badge variant="light" radius="sm" mt={4}>
              Step {index + 1}
            </Badge>
            <Title order={3} fz="lg">
              {step.title}
            </Title>
            <Text size="sm" c="gray.7">
              {step.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {state.isAuthenticated ? null : (
        <Text size="sm" c="dimmed" mt="lg">
          Teaching instead?{' '}
          <Anchor component={Link} to={paths.register.href('teacher')} inherit fw={600}>
            Sign up as a teacher
          </Anchor>
          , write your course and publish it when it is ready.
        </Text>
      )}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button component={Link} to={paths.courses.href()} variant={state.isAuthenticated ? 'filled' : 'default'}>
          Browse courses
        </Button>
        {state.isAuthenticated ? null : (
          <Button component={Link} to={paths.register.href()}>
            Join for free
          </Button>
        )}
      </Group>
    </Modal>
  );
}
