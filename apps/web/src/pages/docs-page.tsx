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
          their own, reached from your name and picture in the navigation bar.
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
    id: 'students',
    title: 'For students',
    content: (
      <Guide>
        <Steps title="Find and take a course">
          <List.Item>
            Search the catalogue by title or topic, filter it by category, and sort it by newest, best rated or most
            enrolled.
          </List.Item>
          <List.Item>
            Open a course to read what you will learn, the materials, the requirements, the audience and the reviews.
          </List.Item>
          <List.Item>Press Enroll now. The course appears under Enrolled Courses in your student area.</List.Item>
          <List.Item>When you have finished, mark it complete; it moves to the Completed Courses tab.</List.Item>
        </Steps>
        <Text>
          Not ready yet? The bookmark on a course page adds it to your Wishlist. After taking a course, write a review
          from its Reviews tab — one per course, 1 to 5 stars — and find all your reviews under Reviews in your area,
          where you can edit or delete them.
        </Text>
      </Guide>
    ),
  },
  {
    id: 'teachers',
    title: 'For teachers',
    content: (
      <Guide>
        <Steps title="Publish a course">
          <List.Item>In your teacher area, open My Courses and press + Add Course.</List.Item>
          <List.Item>
            Give the course a title and a category, and optionally a video link (YouTube, Vimeo or a video file).
          </List.Item>
          <List.Item>
            Describe it under About Course with the editor: headings, emphasis, lists, quotes, code, indentation and
            links.
          </List.Item>
          <List.Item>
            Fill in the lists — What will you learn, Materials Include, Requirements, Tags and Audience — one entry per
            line, up to {LIMITS.courseListItems} entries each.
          </List.Item>
          <List.Item>
            Press Save as Draft to keep working on it privately, or Publish to put it in the catalogue.
          </List.Item>
        </Steps>
        <Text>
          My Courses has a Publish tab and a Draft tab. Edit a course from there at any time; moving it back to draft
          takes it out of the catalogue without losing anything. Your dashboard shows how many students enrolled in your
          courses and how they rated them.
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
      description="How Lyceum works: getting started, learning, teaching, the forum, your account and the API."
      sections={SECTIONS}
    />
  );
}
