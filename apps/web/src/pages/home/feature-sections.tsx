import { Anchor, Box, Button, Container, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import classes from './feature-sections.module.css';

// What these sections claim is limited to what Lyceum does today (docs/decisions/015): no payments, invoices,
// timetables, attendance or grading are mentioned as features, because Lyceum has none of them.

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
        Teachers write and publish courses on what they know; students find them, enrol and learn at their own pace.
        Every course has a page of its own: an introduction video, a description, what you will learn, the materials,
        the requirements and who it is for.
      </Text>
      <CheckList
        items={[
          'Free for students and for teachers: there is no payment step anywhere.',
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

// Each colour is the one of the item's symbol in the all-in-one picture (icons drawn there, not shipped as code).
const ALL_IN_ONE: readonly { title: string; text: string; color: string }[] = [
  {
    title: 'Catalogue and search',
    text: 'Search titles, tags and descriptions, filter by category, and sort by newest, rating or popularity.',
    color: '#1971c2',
  },
  {
    title: 'Course pages',
    text: 'A YouTube, Vimeo or file video, a formatted description, and what you will learn, use and need.',
    color: '#364fc7',
  },
  {
    title: 'Wishlist and enrolment',
    text: 'Save courses for later, enrol in one click, and keep track of what is in progress and completed.',
    color: '#e64980',
  },
  {
    title: 'Ratings and reviews',
    text: 'One review per student and course, one to five stars, with the average on every course.',
    color: '#f59f00',
  },
  {
    title: 'Community forum',
    text: 'Questions with tags, answers, votes, and the answer that solved it marked by whoever asked.',
    color: '#0ca678',
  },
  {
    title: 'Administration',
    text: 'Administrators manage students and teachers, suspend accounts and publish or unpublish any course.',
    color: '#5f3dc4',
  },
];

/** "All-in-one software" (spec §2), limited to what Lyceum really does. */
function AllInOneSection() {
  return (
    <FeatureRow eyebrow="All-in-one" title="Everything a course needs, in one place" picture="all-in-one" reversed>
      <Text size="lg" c="gray.8">
        A course, the people taking it and the questions it raises live side by side, instead of spread over a video
        site, a shared document and an e-mail thread.
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
              'Write a course in a rich-text editor: headings, lists, links and quotes.',
              'Add an introduction video from YouTube, Vimeo or a file.',
              'Keep it a draft until it is ready, then publish it.',
              'See how many students enrolled, your reviews and your average rating.',
              'Answer questions in the forum.',
            ]}
          />
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <Title order={3} fz="lg" mb="sm">
            For learners
          </Title>
          <CheckList
            items={[
              'Search the catalogue and filter it by category.',
              'Keep a wishlist of the courses you want next.',
              'Enrol for free, and mark a course completed when you finish.',
              'Rate and review the courses you take.',
              'Ask the forum when you are stuck.',
            ]}
          />
        </Paper>
      </div>
    </FeatureRow>
  );
}

/** "Assessments" (spec §2): what exists today — reviews, the forum, completion — and, plainly, what does not. */
function AssessmentsSection() {
  return (
    <FeatureRow eyebrow="Assessments" title="Feedback that goes both ways" picture="assessments" reversed>
      <Text size="lg" c="gray.8">
        Lyceum does not grade anyone yet: there are no quizzes, tests or certificates today. What it has is feedback
        between the people who teach and the people who learn.
      </Text>
      <CheckList
        items={[
          <>
            <strong>Reviews.</strong> Students rate a course from one to five stars and say what worked, so the next
            learner knows what to expect and the teacher knows what to improve.
          </>,
          <>
            <strong>The forum.</strong> Questions about what you are learning get answers from teachers and students;
            votes bring the best answers up, and whoever asked marks the one that solved it.
          </>,
          <>
            <strong>Completion.</strong> Students mark a course completed when they finish it, and their dashboard keeps
            count.
          </>,
        ]}
      />
      <div>
        <Button
          component={Link}
          to={paths.forum.href()}
          variant="light"
          rightSection={<IconArrowRight size={18} aria-hidden />}
        >
          Visit the forum
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
