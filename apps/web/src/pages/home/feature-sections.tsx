import { Anchor, Box, Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import classes from './feature-sections.module.css';

// What these sections claim is limited to what Lyceum does today (docs/decisions/015; issue 46.1 brought them up to
// date with the learning core, ADRs 025–033): no payments, invoices, timetables or attendance are mentioned as
// features, because Lyceum has none of them.

/** A picture from public/home, drawn for these sections: decorative, its width and height set against layout shift. */
function Picture({ name }: { name: string }) {
  return (
    <img
      className={classes.picture}
      src={`/home/${name}.svg`}
      width={560}
      height={420}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}

function CheckList({ items }: { items: readonly ReactNode[] }) {
  return (
    <ul className={classes.list}>
      {items.map((item, index) => (
        <li key={index} className={classes.listItem}>
          <span className={classes.check} aria-hidden />
          <Text>{item}</Text>
        </li>
      ))}
    </ul>
  );
}

interface FeatureRowProps {
  eyebrow: string;
  title: string;
  picture: string;
  reversed?: boolean;
  children: ReactNode;
}

/** One feature section: a picture beside a heading and its copy. */
function FeatureRow({ eyebrow, title, picture, reversed = false, children }: FeatureRowProps) {
  const headingId = useId();
  return (
    <Container size="xl" py={{ base: 40, md: 56 }} component="section" aria-labelledby={headingId}>
      <div className={reversed ? `${classes.row} ${classes.reversed}` : classes.row}>
        <Picture name={picture} />
        <Stack gap="md">
          <Text className={classes.eyebrow}>{eyebrow}</Text>
          <Title order={2} id={headingId} fz={{ base: 26, sm: 34 }} lh={1.2}>
            {title}
          </Title>
          {children}
        </Stack>
      </div>
    </Container>
  );
}

/** "What the product is" (spec §2 feature sections). */
export function ProductIntroSection() {
  return (
    <FeatureRow
      eyebrow="What Lyceum is"
      title="An online school for people who teach and people who learn"
      picture="what-is-lyceum"
    >
      <Text size="lg" c="gray.8">
        Teachers build courses of lessons, quizzes and assignments, run classes around them and grade the work; students
        join a class with a code or enrol on their own, learn at their own pace and see what they got wrong.
      </Text>
      <CheckList
        items={[
          'Free for students and for teachers: there is no payment step anywhere.',
          'Classes that students join with an access code or an invite link, with work and due dates for each class.',
          'A community forum where students and teachers answer each other’s questions.',
          'An area of your own, whether you learn, teach or look after the site.',
        ]}
      />
      <Anchor component={Link} to={paths.docs.href()} fw={600} py={4}>
        Read the guide to Lyceum
      </Anchor>
    </FeatureRow>
  );
}

// Decorative dots, one colour per item (the first six are those of the symbols in the all-in-one picture).
const ALL_IN_ONE: readonly { title: string; text: string; color: string }[] = [
  {
    title: 'Courses and lessons',
    text: 'Sections and lessons with video, formatted text and files; sequential mode opens them one after another.',
    color: '#364fc7',
  },
  {
    title: 'Question bank',
    text: 'Eight question types, tags to draw random questions by, and import and export in the GIFT format.',
    color: '#1971c2',
  },
  {
    title: 'Quizzes, exams and assignments',
    text: 'Time limits, attempts, due dates and late penalties; scores and feedback released when you choose.',
    color: '#e64980',
  },
  {
    title: 'Grading and gradebook',
    text: 'Grade by question or by student with rubrics and a comment bank; a gradebook per course and class, as CSV.',
    color: '#f59f00',
  },
  {
    title: 'Classes',
    text: 'An access code and a join link, work assigned with due dates, extra time for those who need it, news.',
    color: '#0ca678',
  },
  {
    title: 'Calendar and notifications',
    text: 'Due dates in your own calendar app, and news live in the app, by e-mail or in a daily summary.',
    color: '#5f3dc4',
  },
  {
    title: 'Certificates and badges',
    text: 'A certificate anyone can verify when a course is complete, and badges earned along the way.',
    color: '#c2255c',
  },
  {
    title: 'Catalogue, reviews and forum',
    text: 'Search and filter the catalogue, rate the courses you take, and ask the community when you are stuck.',
    color: '#2b8a3e',
  },
];

/** "All-in-one software" (spec §2), limited to what Lyceum really does. */
function AllInOneSection() {
  return (
    <FeatureRow eyebrow="All-in-one" title="Everything a course needs, in one place" picture="all-in-one" reversed>
      <Text size="lg" c="gray.8">
        A course, its quizzes, the classes taking it and the questions it raises live side by side, instead of spread
        over a video site, a quiz tool, a spreadsheet of grades and an e-mail thread.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" style={{ listStyle: 'none', padding: 0 }}>
        {ALL_IN_ONE.map((item) => (
          <Box component="li" key={item.title} style={{ display: 'flex', gap: 12 }}>
            <span className={classes.dot} style={{ backgroundColor: item.color }} aria-hidden />
            <div>
              <Title order={3} fz="md">
                {item.title}
              </Title>
              <Text size="sm" c="dimmed">
                {item.text}
              </Text>
            </div>
          </Box>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        What Lyceum does not do: payments, invoices, timetables or attendance. Courses are free to take, and you learn
        when it suits you.
      </Text>
    </FeatureRow>
  );
}

/** "Tools for teachers and learners" (spec §2). */
function ToolsSection() {
  return (
    <FeatureRow eyebrow="Tools" title="Tools for teachers and learners" picture="teachers-learners">
      <div className={classes.tools}>
        <Paper withBorder radius="lg" p="lg">
          <Title order={3} fz="lg" mb="sm">
            For teachers
          </Title>
          <CheckList
            items={[
              'Build a course of sections and lessons, keep it a draft until it is ready, then publish it.',
              'Write questions in a question bank, or import them from a GIFT file.',
              'Make quizzes, exams and assignments with time limits, attempts and due dates.',
              'Start a class, share its access code and assign work with due dates.',
              'Grade with rubrics and saved comments, and follow each student in the gradebook.',
            ]}
          />
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Title order={3} fz="lg" mb="sm">
            For learners
          </Title>
          <CheckList
            items={[
              'Join your class with a code, or enrol for free in any course of the catalogue.',
              'Follow the lessons, see your progress and earn a certificate at the end.',
              'Take quizzes and see your score, the right answers and feedback when they are released.',
              'Practise the questions you got wrong until you know them.',
              'Keep your due dates in your calendar, and hear of new grades and news at once.',
            ]}
          />
        </Paper>
      </div>
    </FeatureRow>
  );
}

/** "Assessments" (spec §2): quizzes, grading and feedback as Lyceum has them (ADRs 025, 026, 032). */
function AssessmentsSection() {
  return (
    <FeatureRow eyebrow="Assessments" title="Quizzes, grades and feedback" picture="assessments" reversed>
      <Text size="lg" c="gray.8">
        Teachers build quizzes, exams and assignments from their question bank. Lyceum marks what it can the moment a
        student submits; teachers grade the rest and decide when scores, answers and feedback are shown.
      </Text>
      <CheckList
        items={[
          <>
            <strong>Eight question types.</strong> Multiple choice, true / false, fill in the blank, short answer,
            numeric, matching, ordering and essay, plus files handed in for an assignment.
          </>,
          <>
            <strong>Fair rules.</strong> A time limit kept by the server, a number of attempts, a due date with a late
            penalty, and extra time or later dates for the learners who need them.
          </>,
          <>
            <strong>Grading and feedback.</strong> Rubrics, a bank of saved comments, and a gradebook per course and per
            class that exports to CSV.
          </>,
          <>
            <strong>Learning from mistakes.</strong> Students review each attempt, and the questions they got wrong come
            back for practice, spaced out until they stick.
          </>,
        ]}
      />
      <div>
        <Button
          component={Link}
          to={paths.docs.href('teachers')}
          variant="light"
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          How to build a quiz
        </Button>
      </div>
    </FeatureRow>
  );
}

/** "All-in-one software", "tools for teachers and learners" and "assessments" (spec §2 feature sections). */
export function FeatureSections() {
  return (
    <>
      <AllInOneSection />
      <Box bg="gray.0">
        <ToolsSection />
      </Box>
      <AssessmentsSection />
    </>
  );
}
