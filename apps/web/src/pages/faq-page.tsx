import { CONTACT, LIMITS, TOKEN_TTL } from '@lyceum/contract/constants';
import { Accordion, Anchor, Card, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from '../components/document-page';
import { paths } from '../config/paths';

interface Faq {
  question: string;
  answer: ReactNode;
}

const REMEMBER_ME_DAYS = TOKEN_TTL.rememberMeSeconds / 86_400;
const IMAGE_MB = LIMITS.imageBytes / (1024 * 1024);

/** Accordion values end up in element ids (and so in aria-controls): no spaces or punctuation. */
function itemValue(question: string): string {
  return question
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function Faqs({ items, openFirst = false }: { items: readonly Faq[]; openFirst?: boolean }) {
  return (
    <Accordion
      variant="separated"
      radius="md"
      order={3}
      multiple
      defaultValue={openFirst && items[0] ? [itemValue(items[0].question)] : []}
    >
      {items.map((faq) => (
        <Accordion.Item key={faq.question} value={itemValue(faq.question)}>
          <Accordion.Control>{faq.question}</Accordion.Control>
          <Accordion.Panel>
            <Text c="gray.8">{faq.answer}</Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function To({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={href} underline="always">
      {children}
    </Anchor>
  );
}

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    content: (
      <Faqs
        openFirst
        items={[
          {
            question: 'Is Lyceum free?',
            answer:
              'Yes. Creating an account is free for students and for teachers, and there is no payment step anywhere: enrolling in a course takes one click.',
          },
          {
            question: 'What can I do without an account?',
            answer: (
              <>
                You can browse the <To href={paths.courses.href()}>course catalogue</To>, search it by title and
                category, read the <To href={paths.blog.href()}>blog</To> and see the questions in the{' '}
                <To href={paths.forum.href()}>community forum</To>. To enrol, keep a wishlist, write a review, or read
                and answer forum threads, log in.
              </>
            ),
          },
          {
            question: 'Should I sign up as a student or as a teacher?',
            answer: (
              <>
                Choose Student to take courses and Teacher to publish them; the role decides which area you land in
                after logging in. If you would like to do both, use a separate account for each role.{' '}
                <To href={paths.register.href()}>Sign up here</To>.
              </>
            ),
          },
          {
            question: 'How do I know which course is right for my level?',
            answer: (
              <>
                Each course page lists its requirements and the audience it is written for. Our{' '}
                <To href={paths.about.href()}>About page</To> describes the four levels — Beginner, Intermediate,
                Advanced and Mastery — so you can tell where you stand.
              </>
            ),
          },
        ]}
      />
    ),
  },
  {
    id: 'courses',
    title: 'Courses and learning',
    content: (
      <Faqs
        items={[
          {
            question: 'How do I enrol in a course?',
            answer:
              'Open the course page and press Enroll now. The course then appears under Enrolled Courses in your student area, where you can also mark it as completed when you are done.',
          },
          {
            question: 'What is the wishlist?',
            answer:
              'A list of courses you want to take later. Use the bookmark on a course page to add it; your wishlist is in your student area, and you can remove courses from there.',
          },
          {
            question: 'Who can review a course, and can I change my review?',
            answer:
              'Students can review any published course, once per course, with 1 to 5 stars and a few words. Under Reviews in your student area you can edit your review or delete it at any time.',
          },
          {
            question: 'Why can I no longer find a course I saw before?',
            answer:
              'Teachers can take a course back to draft while they rework it, and administrators can unpublish courses that break our terms. Courses in draft are not shown in the catalogue.',
          },
        ]}
      />
    ),
  },
  {
    id: 'classes',
    title: 'Classes and access codes',
    content: (
      <Faqs
        items={[
          {
            question: 'My teacher gave me an access code. Where do I type it?',
            answer: (
              <>
                Press Enter access code on the <To href={paths.home.href()}>home page</To>, or Join a class under My
                Classes in your student area. Capitals, spaces and dashes do not matter. An invite link does the same in
                one click, and lets you create your account first if you have none.
              </>
            ),
          },
          {
            question: 'What happens when I join a class?',
            answer:
              'You are enrolled in the class’s courses, and the class’s page shows its announcements and your to-do: the work assigned to you, with your own due dates and whether it is done.',
          },
          {
            question: 'How do I start a class as a teacher?',
            answer:
              'Open Classes in your teacher area and press New class. Choose the class’s courses, then give students its access code or invite link. From the class you assign lessons and assessments with due dates, give a learner extra time or later dates, and post announcements.',
          },
          {
            question: 'The code stopped working. Why?',
            answer:
              'Your teacher may have rotated it (the old one stops at once), turned joining off or archived the class. Ask them for the current code. After many wrong codes, joining pauses for a while.',
          },
        ]}
      />
    ),
  },
  {
    id: 'quizzes',
    title: 'Quizzes and grades',
    content: (
      <Faqs
        items={[
          {
            question: 'What kinds of questions can a quiz have?',
            answer:
              'Multiple choice, true / false, fill in the blank, short answer, numeric, matching, ordering and essay; an assignment can also ask for files. Teachers keep them in a question bank per course and can import and export them as GIFT, the format Moodle uses.',
          },
          {
            question: 'What happens if the time runs out during a quiz?',
            answer:
              'Your answers are saved as you go, and when the time limit is reached the attempt is submitted for you with what you had answered. The clock is the server’s, so reloading the page does not stop it.',
          },
          {
            question: 'When do I see my score and the right answers?',
            answer:
              'When your teacher chose: at once, after the due date, or when they release the grades. Questions a person has to grade, like essays, show their score once graded. Your attempts are under My Quiz Attempts.',
          },
          {
            question: 'How do teachers grade essays with a rubric?',
            answer:
              'A teacher builds rubrics per course (Manage → Rubrics): criteria, each with levels worth some points. Attached to an essay question, its levels appear when grading; the score is the chosen levels’ points scaled to the question’s points. Rubrics can be duplicated or copied from another course the teacher teaches. Once feedback is released, students see the levels chosen.',
          },
          {
            question: 'What is the mistake notebook?',
            answer:
              'The questions you got wrong come back for practice, spaced out over days until you know them. Your dashboard says how many are due today. Practice never changes a grade.',
          },
          {
            question: 'Do I get a certificate?',
            answer:
              'Yes: completing every lesson of a course issues a certificate with a code and a public page anyone can use to verify it. Badges mark milestones such as your first completed lesson or course.',
          },
        ]}
      />
    ),
  },
  {
    id: 'notifications',
    title: 'Calendar and notifications',
    content: (
      <Faqs
        items={[
          {
            question: 'How do I hear about new grades, work and answers?',
            answer:
              'The bell in the navigation bar counts your unread notifications as they arrive, and Notifications lists them all. In My Account you choose, per kind, whether it is also e-mailed right away, in a daily summary, or not at all.',
          },
          {
            question: 'Can I see my due dates in my own calendar?',
            answer:
              'Yes. My Classes in your student area shows your private calendar address; add it to Google Calendar, Outlook or Apple Calendar and your due dates follow. Reset the address if someone else got hold of it.',
          },
        ]}
      />
    ),
  },
  {
    id: 'teaching',
    title: 'Teaching on Lyceum',
    content: (
      <Faqs
        items={[
          {
            question: 'How do I publish a course?',
            answer:
              'Sign up as a teacher, open My Courses and press + Add Course. Give it a title and a category, describe it, and fill in what learners will learn, the materials included, the requirements, the tags and the audience. Save as Draft keeps it to yourself; Publish puts it in the catalogue.',
          },
          {
            question: 'Can I change a course after publishing it?',
            answer:
              'Yes. Edit it from My Courses; changes are visible as soon as you save. You can also move it back to draft, or delete it.',
          },
          {
            question: 'Which formatting can the course description use?',
            answer:
              'Headings of three sizes, bold, italic, underline and strikethrough, bulleted and numbered lists, quotes, code, indentation up to eight levels, and links to web pages, e-mail addresses and phone numbers. Anything else is removed when the course is saved, so pasted text cannot break the page.',
          },
          {
            question: 'Can I add a video?',
            answer:
              'Yes: paste the address of a YouTube or Vimeo video, or a direct link to a video file, in the video link field, and the video plays on the course page.',
          },
        ]}
      />
    ),
  },
  {
    id: 'community',
    title: 'Community forum',
    content: (
      <Faqs
        items={[
          {
            question: 'How do I ask a good question?',
            answer: `Say what you tried and what happened, in a title that could be searched for. Add up to ${LIMITS.tagsPerQuestion} tags so that people who know the subject find it. While you type, the forum shows similar questions that may already have an answer.`,
          },
          {
            question: 'What do votes and accepted answers mean?',
            answer:
              'Anyone logged in can vote questions and answers up or down, except their own posts. Whoever asked a question can accept the answer that solved it, which is then shown first.',
          },
          {
            question: 'What is “Hot today”?',
            answer:
              'The questions with the most activity — new answers and votes — in the last 24 hours, so you can see where the conversation is.',
          },
          {
            question: 'Can I edit or delete what I posted?',
            answer:
              'Yes. Your questions and answers are listed under Questions & Answer in your area, each with Edit and Delete.',
          },
        ]}
      />
    ),
  },
  {
    id: 'account',
    title: 'Account and security',
    content: (
      <Faqs
        items={[
          {
            question: 'I forgot my password. What now?',
            answer: (
              <>
                Use the <To href={paths.forgetPassword.href()}>Forget Password</To> link on the login screen. We send a
                link to your e-mail address; it works once and for one hour. Setting a new password signs you out on
                every other device.
              </>
            ),
          },
          {
            question: 'What does “Remember me” do?',
            answer: `It keeps you logged in on that browser for ${REMEMBER_ME_DAYS} days instead of one. Use it only on a device that is yours.`,
          },
          {
            question: 'I used Lyceum on a shared computer. Can I sign out there?',
            answer:
              'Yes: Log out everywhere, in My Account, signs out every other browser and device at once while you stay signed in where you are. Changing your password does the same.',
          },
          {
            question: 'Which profile pictures can I upload?',
            answer: `JPEG, PNG, WebP or GIF images up to ${IMAGE_MB} MB. We resize them and remove their metadata, such as the location a photo was taken.`,
          },
          {
            question: 'Why is my login blocked for a while?',
            answer:
              'After ten failed attempts within fifteen minutes we stop accepting logins for that e-mail address for the rest of that window, to protect the account from guessing. Resetting your password lifts the block at once.',
          },
        ]}
      />
    ),
  },
];

/** The footer's Faqs target (spec §2 footer): answers grouped by theme, in accordions with h3 questions. */
export function FaqPage() {
  return (
    <DocumentPage
      title="Frequently asked questions"
      description="Quick answers about accounts, courses, classes, quizzes and grades, notifications, teaching and the community forum."
      sections={SECTIONS}
      footer={
        <Card withBorder radius="lg" padding="lg" component="aside" aria-labelledby="faq-more-heading">
          <Title order={2} id="faq-more-heading" fz="lg" mb={6}>
            Still have a question?
          </Title>
          <Text c="gray.8">
            Ask it in the <To href={paths.forum.href()}>community forum</To>, read the{' '}
            <To href={paths.docs.href()}>documentation</To>, or write to us at{' '}
            <Anchor href={`mailto:${CONTACT.emails[1]}`} underline="always">
              {CONTACT.emails[1]}
            </Anchor>
            .
          </Text>
        </Card>
      }
    />
  );
}
