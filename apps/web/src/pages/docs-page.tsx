import { LIMITS, PAGINATION } from '@lyceum/contract/constants';
import { Anchor, Code, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from '../components/document-page';
import { paths } from '../config/paths';

/** Served by the API server, outside the web app's router: a plain link, not a router link. */
const API_DOCS_HREF = '/api/docs';

function To({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={href} underline="always">
      {children}
    </Anchor>
  );
}

function Steps({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="lg">
        {title}
      </Title>
      <List type="ordered" spacing="xs" c="gray.8">
        {children}
      </List>
    </Stack>
  );
}

function Guide({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" c="gray.8">
      {children}
    </Stack>
  );
}

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    content: (
      <Guide>
        <Text>
          Lyceum has a public site — the home page, the <To href={paths.courses.href()}>course catalogue</To>, the{' '}
          <To href={paths.forum.href()}>community forum</To>, the <To href={paths.blog.href()}>blog</To> — and an area
          of your own once you log in. Your role decides which area: students, teachers and administrators each have
          their own, reached from your name and picture in the navigation bar. Teachers build courses, quizzes and
          classes and grade the work; students join classes, learn and take quizzes.
        </Text>
        <Steps title="Create an account">
          <List.Item>
            Press Sign Up, or go to <To href={paths.register.href()}>the registration screen</To>.
          </List.Item>
          <List.Item>
            Enter your e-mail address, name, phone number and a password of at least {LIMITS.passwordMin} characters
            that is not a common one.
          </List.Item>
          <List.Item>
            Choose the Student or the Teacher role, and register. Then log in with the same details.
          </List.Item>
        </Steps>
      </Guide>
    ),
  },
  {
    id: 'teachers',
    title: 'For teachers',
    content: (
      <Guide>
        <Steps title="Build a course">
          <List.Item>In your teacher area, open My Courses and press + Add Course.</List.Item>
          <List.Item>
            Give the course a title and a category, a description written with the editor (headings, emphasis, lists,
            quotes, code and links) and optionally a video link (YouTube, Vimeo or a video file). Fill in What will you
            learn, Materials Include, Requirements, Tags and Audience, up to {LIMITS.courseListItems} entries each.
          </List.Item>
          <List.Item>
            Open the course’s Curriculum. Add sections and lessons; a lesson has a title, formatted content, a video,
            attachments and a duration, and it saves as you type. Reorder with the drag handles, or with the keyboard.
          </List.Item>
          <List.Item>
            Turn on Sequential mode if students should open the lessons in order: each one opens when the required items
            before it are complete.
          </List.Item>
          <List.Item>
            Press Save as Draft to keep working on it privately, or Publish to put it in the catalogue. Moving it back
            to draft takes it out of the catalogue without losing anything.
          </List.Item>
        </Steps>
        <Steps title="Build a quiz">
          <List.Item>
            From the course’s Manage menu, open the Question bank. Write questions of eight types — multiple choice,
            true / false, fill in the blank, short answer, numeric, matching, ordering and essay — or a task that
            students hand files in for, and descriptions: text shown between questions, worth no points and never
            counted as a question. Tag them to draw random questions by tag later. Import GIFT reads a file of questions
            written for Moodle (with a preview first); Export GIFT writes them back out.
          </List.Item>
          <List.Item>
            From Manage, open Assessments and press New assessment in a section: a quiz, an exam or an assignment.
          </List.Item>
          <List.Item>
            On the Questions tab, add questions from the bank or a random draw by tag. On the Settings tab, set the
            points, passing score, time limit, attempts allowed and which attempt counts, the opening, due and closing
            dates, a late penalty per day, shuffling, and when scores, correct answers and feedback are released: at
            once, after the due date, or when you press Release grades. The correct answers can also wait until a
            student has used their last attempt or the assessment closes (the default), so that nobody sees them while
            they may still try again; Lyceum tells you how many students that would be before a release shows them
            sooner.
          </List.Item>
          <List.Item>Publish it. Students find it in the course outline, in its section.</List.Item>
        </Steps>
        <Steps title="Run a class">
          <List.Item>
            Open Classes and press New class (or Start a class today on the home page). Name it, choose its courses and,
            if you like, a section, a subject, dates and co-teachers.
          </List.Item>
          <List.Item>
            Give students the class’s access code or copy its invite link; Show full screen puts the code on a
            projector. Students who join are enrolled in the class’s courses. Rotate the code if it leaks, or turn
            joining off.
          </List.Item>
          <List.Item>
            On the Assignments tab, Assign work: a lesson or an assessment, to the whole class or to chosen learners,
            with its own opening, due and closing dates. Each assignment counts how many are done, late or missing.
          </List.Item>
          <List.Item>
            On the Roster, give a learner an accommodation: extra time on timed work, later due dates or extra attempts.
            Post announcements on the Stream; students are notified.
          </List.Item>
        </Steps>
        <Steps title="Grade">
          <List.Item>
            Build rubrics under the course’s Manage menu → Rubrics: criteria, each with levels and their points; attach
            one to an essay question and Grading offers its levels. Duplicate a rubric to make a variant, or copy one
            from another course you teach.
          </List.Item>
          <List.Item>
            Open Grading: every answer Lyceum could not mark itself, by question or by student. Type the score and press
            Enter to save and open the next; choose rubric levels where the question has a rubric, and insert saved
            comments from your comment bank.
          </List.Item>
          <List.Item>
            The course’s Gradebook shows each student’s counting score per assessment and the course total, with weights
            per kind and overrides (with a reason). Export CSV downloads it; each class has its own gradebook too.
          </List.Item>
          <List.Item>
            Student progress shows each student against each lesson and assessment, and an assessment’s item analysis
            shows which questions worked.
          </List.Item>
        </Steps>
      </Guide>
    ),
  },
  {
    id: 'students',
    title: 'For students',
    content: (
      <Guide>
        <Steps title="Join a class">
          <List.Item>
            Your teacher gives you an access code or an invite link. Press Enter access code on the home page, open the
            link, or press Join a class under My Classes, and type the code in any case.
          </List.Item>
          <List.Item>
            No account yet? The invite link lets you register and lands you in the class. You are enrolled in the
            class’s courses, and the class’s page lists your work with your own due dates.
          </List.Item>
        </Steps>
        <Steps title="Learn">
          <List.Item>
            Or find a course on your own: search the catalogue, filter it by category, read the course page and its
            reviews, and press Enroll now. The bookmark adds it to your Wishlist instead.
          </List.Item>
          <List.Item>
            Open the course to follow its lessons; Continue learning takes you back where you stopped. Some courses open
            their lessons in order.
          </List.Item>
          <List.Item>
            When every lesson is complete you receive a certificate, with a page anyone can use to verify it; your
            certificates are under Enrolled Courses, and the badges you earn are in My Account. Review the course from
            its Reviews tab, once, with 1 to 5 stars.
          </List.Item>
        </Steps>
        <Steps title="Take a quiz">
          <List.Item>
            Open the quiz from the course outline or your class’s to-do. Its page shows the rules: the time limit, the
            attempts left and your dates. Press Start.
          </List.Item>
          <List.Item>
            Your answers save as you go, and a timed attempt is submitted for you when the time is up. Submit when you
            are done: the receipt shows what you can see so far.
          </List.Item>
          <List.Item>
            My Quiz Attempts lists every attempt with its status and score; My grades, beside each course under Enrolled
            Courses, shows what counts towards your grade.
          </List.Item>
        </Steps>
        <Steps title="Review your mistakes">
          <List.Item>
            Once your teacher releases them, Review answers shows your answers beside the correct ones, the points and
            the feedback.
          </List.Item>
          <List.Item>
            The questions you got wrong go to your mistake notebook. Your dashboard says how many are due; Practice asks
            them again, spaced out over days, and never changes a grade.
          </List.Item>
        </Steps>
      </Guide>
    ),
  },
  {
    id: 'administrators',
    title: 'For administrators',
    content: (
      <Guide>
        <Text>
          The admin area lists every course, student and teacher. Administrators edit or unpublish any course and its
          curriculum, suspend and reactivate accounts, grade across every course from Grading, and open any course’s
          gradebook. Admin accounts are made on the server’s command line, never by registering.
        </Text>
      </Guide>
    ),
  },
  {
    id: 'calendar-notifications',
    title: 'Calendar and notifications',
    content: (
      <Guide>
        <Text>
          The bell in the navigation bar shows your unread notifications as they happen: answers to your questions, new
          reviews, work assigned to you, due dates in the next 24 hours, released grades, answers waiting to be graded
          and class announcements. Notifications, in your area’s menu, lists them all. Under My Account choose, for each
          kind, whether it is also e-mailed right away, in a daily summary, or not at all; each notification e-mail has
          a link that stops that kind.
        </Text>
        <Text>
          Students: My Classes has your private calendar address. Subscribe to it from Google Calendar, Outlook or Apple
          Calendar and your due dates appear there; reset the address if you shared it by mistake.
        </Text>
      </Guide>
    ),
  },
  {
    id: 'forum',
    title: 'Community forum',
    content: (
      <Guide>
        <Text>
          Anyone can browse the questions; log in to read the answers and to take part. Press Ask a Question, write the
          question and a description, and add up to {LIMITS.tagsPerQuestion} tags. Similar questions appear as you type,
          in case yours already has an answer.
        </Text>
        <Text>
          On a question, press Answer to reply. Vote questions and answers up or down (not your own), and if you asked
          the question, accept the answer that solved it. Search the list, filter it by tag or show the unanswered
          questions; Hot today shows where the most activity was in the last 24 hours. Your own questions and answers
          are under Questions & Answer in your area.
        </Text>
      </Guide>
    ),
  },
  {
    id: 'account',
    title: 'Your account',
    content: (
      <Guide>
        <Text>
          My Account holds your profile in three parts: Generals (name, username, e-mail, phone, expertise and picture),
          Other Information (address and a few words about you) and Online Presence (website and GitHub profile). A
          profile picture can be a JPEG, PNG, WebP or GIF image of up to {LIMITS.imageBytes / (1024 * 1024)} MB.
        </Text>
        <Text>
          Change your password there with your current one. Log out everywhere signs out every other browser and device.
          If you forget your password, use <To href={paths.forgetPassword.href()}>Forget Password</To> on the login
          screen to get a reset link by e-mail; it works once, for one hour.
        </Text>
      </Guide>
    ),
  },
  {
    id: 'developers',
    title: 'For developers',
    content: (
      <Guide>
        <Text>
          Everything the web app does goes through a JSON API under <Code>/api</Code>, documented with OpenAPI at{' '}
          <Anchor href={API_DOCS_HREF} underline="always">
            /api/docs
          </Anchor>
          . Requests are authenticated with <Code>Authorization: Bearer &lt;token&gt;</Code>, where the token is the one
          returned by the login route.
        </Text>
        <List spacing="xs">
          <List.Item>
            Lists are paginated: <Code>page</Code> and <Code>pageSize</Code> (default {PAGINATION.defaultPageSize}, at
            most {PAGINATION.maxPageSize}); answers carry <Code>items</Code>, <Code>page</Code>, <Code>pageSize</Code>{' '}
            and <Code>total</Code>.
          </List.Item>
          <List.Item>
            Errors are JSON too: <Code>statusCode</Code>, <Code>error</Code> and a readable <Code>message</Code>, with
            the invalid fields listed for a validation error.
          </List.Item>
          <List.Item>
            <Code>GET /api/health</Code> answers when the service is up, for monitoring.
          </List.Item>
        </List>
        <Text>
          Please keep to the <To href={paths.terms.href()}>terms of use</To>: the login, registration and password reset
          routes are rate limited.
        </Text>
      </Guide>
    ),
  },
];

/** The footer's Documentation target (spec §2 footer): how to use Lyceum, per role, and its API. */
export function DocsPage() {
  return (
    <DocumentPage
      title="Documentation"
      description="How Lyceum works: getting started, teaching, learning, classes, quizzes and grades, the forum, your account and the API."
      sections={SECTIONS}
    />
  );
}
