import { Anchor, Box, Button, Card, Grid, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb, IconEye, IconPlant2, IconRocket, IconSeeding, IconTrophy, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageContainer } from '../components/page-container';
import { PageHeader } from '../components/page-header';
import { paths } from '../config/paths';

interface Level {
  name: string;
  icon: Icon;
  color: string;
  summary: string;
  youWill: string;
  readyWhen: string;
}

/** The four levels of the learning path (spec §2 About). */
const LEVELS: readonly Level[] = [
  {
    name: 'Beginner',
    icon: IconSeeding,
    color: 'teal',
    summary: 'No prior knowledge needed. You learn the words of a subject and its first habits.',
    youWill: 'Follow short lessons, copy worked examples and ask every question, however small.',
    readyWhen: 'You can explain the basic ideas in your own words and repeat the examples without help.',
  },
  {
    name: 'Intermediate',
    icon: IconPlant2,
    color: 'blue',
    summary: 'You know the basics. Now what you know becomes what you can do.',
    youWill: 'Build small projects from a brief rather than from a recipe, and read other people’s work.',
    readyWhen: 'You can start something on your own and get unstuck with documentation and the forum.',
  },
  {
    name: 'Advanced',
    icon: IconRocket,
    color: 'grape',
    summary: 'Depth and judgement: real cases, trade-offs and the techniques professionals rely on.',
    youWill: 'Compare approaches, defend your choices and work on problems without a single right answer.',
    readyWhen: 'Others come to you with questions, and your answers in the forum are the accepted ones.',
  },
  {
    name: 'Mastery',
    icon: IconTrophy,
    color: 'orange',
    summary: 'You refine your craft — and pass it on.',
    youWill: 'Review, mentor and teach. Writing a course is the best test of how well you know a subject.',
    readyWhen: 'There is no finish line: mastery is kept by practising, reviewing and teaching.',
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" id={id} aria-labelledby={`${id}-heading`}>
      <Title order={2} id={`${id}-heading`} fz={{ base: 24, sm: 28 }} mb="md">
        {title}
      </Title>
      {children}
    </Box>
  );
}

function ValueCard({ icon: IconComponent, title, children }: { icon: Icon; title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" h="100%">
      <ThemeIcon size={44} radius="md" variant="light" mb="md">
        <IconComponent size={24} aria-hidden />
      </ThemeIcon>
      <Title order={3} fz="lg" mb={6}>
        {title}
      </Title>
      <Text c="gray.7">{children}</Text>
    </Card>
  );
}

/** Spec §2 About (static): Our Story, background, mission and vision, and the four levels. */
export function AboutPage() {
  return (
    <PageContainer>
      <PageHeader
        title="About Lyceum"
        description="An online school for people who like to learn, and for people who like to teach."
      />
      <Stack gap={64}>
        <Section id="our-story" title="Our Story">
          <Grid gap={{ base: 'lg', md: 48 }} align="center">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Stack gap="sm">
                <Text>
                  Lyceum takes its name from the school outside ancient Athens where Aristotle taught while walking with
                  his students. We liked the idea of learning as a conversation rather than a lecture, and we set out to
                  build a place for that conversation online.
                </Text>
                <Text>
                  It started with a handful of teachers who were tired of juggling tools: course notes in one place,
                  videos in another, students’ questions lost in e-mail threads and feedback scattered across chat apps.
                  They wanted one home where a course, the people taking it and the questions it raises live side by
                  side.
                </Text>
                <Text>
                  That is still the test for everything we add: does it help a teacher explain something, or a learner
                  understand it? If not, it can wait.
                </Text>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <img
                src="/about/our-story.svg"
                width={800}
                height={450}
                alt="Students and teachers talking in front of a small classical temple, the Lyceum mark."
                style={{ display: 'block', width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-lg)' }}
              />
            </Grid.Col>
          </Grid>
        </Section>

        <Section id="background" title="Background">
          <Stack gap="sm" maw={820}>
            <Text>
              Online learning grew up in two directions. Large course marketplaces made it easy to buy a video series
              but left learners alone with it. School systems kept the structure of a class but were built for
              institutions, not for an independent teacher with something worth teaching. Lyceum sits between the two.
            </Text>
            <Text>
              Teachers write and publish their own courses, in sections and lessons, with the quizzes, exams and
              assignments that check what was learned. Students enrol, follow the lessons at their own pace, and earn a
              certificate anyone can verify when they finish; they review what they have taken, so that the next learner
              knows what to expect. The community forum is open to both: questions and answers can be voted on, and
              whoever asked can accept the answer that solved it. Administrators look after the catalogue and the people
              in it.
            </Text>
            <Text>
              A teacher with a group starts a class: students join it with an access code, and work is assigned to the
              whole class or to particular learners, with due dates, extra time where someone needs it, and
              announcements. Lyceum marks what it can, the teacher grades the rest with rubrics and saved comments, and
              scores and feedback reach students when the teacher releases them. Due dates go to students’ own
              calendars, and news arrives in the app or by e-mail. The{' '}
              <Anchor component={Link} to={paths.docs.href()} underline="always">
                guide
              </Anchor>{' '}
              walks through each step, role by role.
            </Text>
          </Stack>
        </Section>

        <Section id="mission" title="Mission and Vision">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <ValueCard icon={IconBulb} title="Our mission">
              Make good teaching easy to publish and easy to find, so that anyone can learn from someone who knows their
              craft — at their own pace, from wherever they are.
            </ValueCard>
            <ValueCard icon={IconEye} title="Our vision">
              A school without walls, where students become teachers and every question finds someone glad to answer it.
              We measure ourselves by what learners can do after a course, not by how long they stayed on a page.
            </ValueCard>
          </SimpleGrid>
        </Section>

        <Section id="levels" title="Four levels, one path">
          <Text c="gray.7" mb="lg" maw={820}>
            Learning a subject rarely happens in a straight line, but it helps to know where you stand. We describe
            every path in four levels. Use them to choose your next course: a course’s requirements and audience tell
            you which level it is written for.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            {LEVELS.map((level, index) => (
              <Card key={level.name} withBorder radius="lg" padding="lg" component="article">
                <Group gap="md" mb="sm" wrap="nowrap">
                  <ThemeIcon size={44} radius="md" variant="light" color={level.color}>
                    <level.icon size={24} aria-hidden />
                  </ThemeIcon>
                  <div>
                    <Text size="xs" fw={700} c="gray.7" tt="uppercase">
                      Level {index + 1}
                    </Text>
                    <Title order={3} fz="lg">
                      {level.name}
                    </Title>
                  </div>
                </Group>
                <Text mb="sm">{level.summary}</Text>
                <List spacing={6} size="sm" c="gray.7">
                  <List.Item>
                    <Text span inherit fw={600} c="gray.9">
                      You will:{' '}
                    </Text>
                    {level.youWill}
                  </List.Item>
                  <List.Item>
                    <Text span inherit fw={600} c="gray.9">
                      Ready for the next level when:{' '}
                    </Text>
                    {level.readyWhen}
                  </List.Item>
                </List>
              </Card>
            ))}
          </SimpleGrid>
        </Section>

        <Card radius="lg" padding="xl" bg="indigo.0" component="section" aria-labelledby="join-heading">
          <Stack gap="sm" align="flex-start">
            <Title order={2} id="join-heading" fz={{ base: 22, sm: 26 }}>
              Find your level, or share yours
            </Title>
            <Text c="gray.8" maw={640}>
              Browse the catalogue for your next course, join your class with its access code, or sign up as a teacher
              and publish what you know. Questions first? The{' '}
              <Anchor component={Link} to={paths.faq.href()} underline="always" c="indigo.9">
                FAQ
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to={paths.docs.href()} underline="always" c="indigo.9">
                documentation
              </Anchor>{' '}
              have the answers.
            </Text>
            <Group gap="sm" mt="xs">
              <Button component={Link} to={paths.courses.href()}>
                Browse courses
              </Button>
              <Button component={Link} to={paths.register.href('teacher')} variant="default">
                Teach on Lyceum
              </Button>
            </Group>
          </Stack>
        </Card>
      </Stack>
    </PageContainer>
  );
}
