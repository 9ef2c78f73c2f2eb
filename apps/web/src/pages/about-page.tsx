import {
  Accordion,
  Anchor,
  Box,
  Card,
  Container,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBulb, IconEye, IconPlant2, IconRocket, IconSeeding, IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../components/page-header';
import { paths } from '../config/paths';

const LEVELS = [
  {
    name: 'Beginner',
    icon: IconSeeding,
    color: 'teal',
    text: 'No prior knowledge needed. Short lessons build the vocabulary and the first habits of a subject.',
  },
  {
    name: 'Intermediate',
    icon: IconPlant2,
    color: 'blue',
    text: 'You know the basics. Projects and exercises turn what you know into what you can do.',
  },
  {
    name: 'Advanced',
    icon: IconRocket,
    color: 'violet',
    text: 'Depth and speed: real-world cases, trade-offs and the techniques professionals rely on.',
  },
  {
    name: 'Mastery',
    icon: IconTrophy,
    color: 'orange',
    text: 'Refine your craft, and pass it on: many of our teachers started as students here.',
  },
] as const;

const FAQS = [
  {
    question: 'Is Lyceum free?',
    answer:
      'Creating an account is free, for students and for teachers. Each course says what it costs before you enrol.',
  },
  {
    question: 'How do I become a teacher?',
    answer: 'Sign up and choose the Teacher role. You can then draft courses and publish them when they are ready.',
  },
  {
    question: 'Where can I ask a question about a course?',
    answer: 'In the community forum, where students and teachers answer each other.',
  },
  {
    question: 'I forgot my password. What now?',
    answer: 'Password reset by e-mail is coming soon; until then, write to our support address in the footer.',
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-heading`}>
      <Title order={2} id={`${id}-heading`} fz={{ base: 22, sm: 26 }} mb="md">
        {title}
      </Title>
      {children}
    </Box>
  );
}

export function AboutPage() {
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <PageHeader
        title="About Lyceum"
        description="An online school for people who like to learn, and for people who like to teach."
      />
      <Stack gap={56}>
        <Section id="our-story" title="Our Story">
          <Text mb="sm">
            Lyceum takes its name from the school where Aristotle walked and talked with his students. We liked the idea
            of learning as a conversation rather than a lecture, and we built a place for it online.
          </Text>
          <Text>
            It started with a handful of teachers who wanted one home for their course material, their students&apos;
            questions and their feedback, instead of a dozen tools that never talked to each other.
          </Text>
        </Section>

        <Section id="background" title="Background">
          <Text>
            Teachers on Lyceum create and publish their own courses. Students enrol, keep a wishlist, review what they
            have taken and ask questions in the community forum. Administrators look after the platform and the people
            on it. Every course page shows who teaches it and what other students thought of it.
          </Text>
        </Section>

        <Section id="mission" title="Mission and Vision">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Card withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <IconBulb size={24} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                Our mission
              </Title>
              <Text c="dimmed">
                Make good teaching easy to publish and easy to find, so that anyone can learn from someone who knows
                their craft.
              </Text>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <IconEye size={24} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                Our vision
              </Title>
              <Text c="dimmed">
                A school without walls where students become teachers, and where every question finds someone happy to
                answer it.
              </Text>
            </Card>
          </SimpleGrid>
        </Section>

        <Section id="levels" title="Four levels, one path">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
            {LEVELS.map((level, index) => (
              <Card key={level.name} withBorder radius="lg" padding="lg">
                <ThemeIcon size={44} radius="md" variant="light" color={level.color} mb="md">
                  <level.icon size={24} aria-hidden />
                </ThemeIcon>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                  Level {index + 1}
                </Text>
                <Title order={3} fz="lg" mb={6}>
                  {level.name}
                </Title>
                <Text c="dimmed">{level.text}</Text>
              </Card>
            ))}
          </SimpleGrid>
        </Section>

        <Section id="faq" title="Frequently asked questions">
          <Accordion variant="separated" radius="md">
            {FAQS.map((faq) => (
              <Accordion.Item key={faq.question} value={faq.question}>
                <Accordion.Control>{faq.question}</Accordion.Control>
                <Accordion.Panel>{faq.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Section>

        <Section id="terms" title="Terms of use">
          <Text mb="sm">In short, by using Lyceum you agree to:</Text>
          <List spacing="xs" mb="sm">
            <List.Item>keep your account details accurate and your password to yourself;</List.Item>
            <List.Item>publish only material you have the right to share;</List.Item>
            <List.Item>treat other students and teachers with respect in reviews and in the forum.</List.Item>
          </List>
          <Text c="dimmed" size="sm">
            We may suspend accounts that break these terms. Questions? Ask in the{' '}
            <Anchor component={Link} to={paths.forum.href()} underline="always">
              community forum
            </Anchor>{' '}
            or write to us at the address below.
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
