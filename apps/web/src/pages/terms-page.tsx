import { CONTACT, LIMITS } from '@lyceum/contract/constants';
import { Anchor, List, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DocumentPage, type DocumentSection } from '../components/document-page';
import { paths } from '../config/paths';

/** The day these terms last changed; shown on the page and kept with the text. */
const LAST_UPDATED = { iso: '2026-11-01', label: 'November 1, 2026' };

function Paragraphs({ children }: { children: ReactNode }) {
  return (
    <Stack gap="sm" c="gray.8">
      {children}
    </Stack>
  );
}

const SECTIONS: readonly DocumentSection[] = [
  {
    id: 'agreement',
    title: '1. About these terms',
    content: (
      <Paragraphs>
        <Text>
          These terms apply to everyone who uses Lyceum: visitors, students, teachers and administrators. By creating an
          account or using the site you agree to them. If you do not agree, please do not use Lyceum.
        </Text>
        <Text>
          We keep the language plain on purpose. Where a section says “you”, it means the person using Lyceum; “we”
          means the team that runs it.
        </Text>
      </Paragraphs>
    ),
  },
  {
    id: 'accounts',
    title: '2. Your account',
    content: (
      <Paragraphs>
        <Text>When you create an account, you agree to:</Text>
        <List spacing="xs">
          <List.Item>give accurate details, and keep your e-mail address current so that we can reach you;</List.Item>
          <List.Item>keep your password to yourself and choose one you do not use elsewhere;</List.Item>
          <List.Item>use one account per person and role, and not sign up on someone else’s behalf;</List.Item>
          <List.Item>
            tell us at {CONTACT.emails[1]} if you think someone else has used your account, and use Log out everywhere
            in My Account to end their access.
          </List.Item>
        </List>
        <Text>You are responsible for what happens under your account until you tell us otherwise.</Text>
      </Paragraphs>
    ),
  },
  {
    id: 'content',
    title: '3. Courses and other content you publish',
    content: (
      <Paragraphs>
        <Text>
          Teachers keep the rights to the courses they write; students keep the rights to their reviews, questions and
          answers. By publishing on Lyceum you allow us to store, display and distribute that content on Lyceum so that
          others can read it, for as long as it stays published. You can edit or delete it at any time.
        </Text>
        <Text>
          Publish only material you have the right to share. Course videos, images and text taken from others need their
          permission or a licence that allows it, and quotations must say where they come from.
        </Text>
      </Paragraphs>
    ),
  },
  {
    id: 'conduct',
    title: '4. Reviews, forum and conduct',
    content: (
      <Paragraphs>
        <Text>Lyceum works when people can ask and answer without fear. On the forum and in reviews, do not:</Text>
        <List spacing="xs">
          <List.Item>insult, harass or threaten anyone, or attack people for who they are;</List.Item>
          <List.Item>
            post spam, advertising unrelated to the discussion, or links meant to mislead or to harm devices;
          </List.Item>
          <List.Item>share other people’s personal information without their consent;</List.Item>
          <List.Item>
            write reviews of courses you have not taken, or reviews of your own courses under another account.
          </List.Item>
        </List>
        <Text>
          Honest criticism is welcome. A critical review that describes your real experience is exactly what other
          learners need.
        </Text>
      </Paragraphs>
    ),
  },
  {
    id: 'use',
    title: '5. Using the service fairly',
    content: (
      <Paragraphs>
        <Text>
          Do not try to break into accounts, get around the limits that protect the service (such as those on login
          attempts and on the size of uploads, {LIMITS.imageBytes / (1024 * 1024)} MB for an image), or overload it with
          automated requests. Building on our public API is welcome, within the same rules; it is described in the{' '}
          <Anchor component={Link} to={paths.docs.href('developers')} underline="always">
            documentation
          </Anchor>
          .
        </Text>
      </Paragraphs>
    ),
  },
  {
    id: 'privacy',
    title: '6. Your data',
    content: (
      <Paragraphs>
        <Text>
          We keep what the service needs to work: your account and profile details, the courses you create, enrol in or
          save, your reviews and forum posts, and the profile picture you upload (re-encoded, with its metadata such as
          location removed). Passwords are stored only as strong one-way hashes; we cannot read them.
        </Text>
        <Text>
          Your name, username, picture and what you publish are visible to other users. Your e-mail address, phone
          number and address are not shown on public pages. We do not sell your data and we do not use third-party
          advertising trackers.
        </Text>
      </Paragraphs>
    ),
  },
  {
    id: 'suspension',
    title: '7. Suspension and closing an account',
    content: (
      <Paragraphs>
        <Text>
          We may remove content or unpublish courses that break these terms, and suspend accounts that do so repeatedly
          or seriously. Where we can, we tell you why and give you the chance to put things right first.
        </Text>
        <Text>
          You may stop using Lyceum at any time. To have your account and its personal data deleted, write to{' '}
          {CONTACT.emails[1]} from the address you registered with.
        </Text>
      </Paragraphs>
    ),
  },
  {
    id: 'liability',
    title: '8. What we can promise',
    content: (
      <Paragraphs>
        <Text>
          Courses are written by independent teachers, and forum answers by the community. We look after the platform
          and act on reports, but we cannot check every statement, and a course does not replace professional advice. We
          work to keep Lyceum available and your data safe, but we cannot promise that the service will never be
          interrupted.
        </Text>
      </Paragraphs>
    ),
  },
  {
    id: 'changes',
    title: '9. Changes to these terms',
    content: (
      <Paragraphs>
        <Text>
          When we change these terms we update the date at the top of this page, and for important changes we tell
          account holders by e-mail before they take effect. Continuing to use Lyceum after that means you accept the
          new terms.
        </Text>
      </Paragraphs>
    ),
  },
];

/** The footer's Terms target (spec §2 footer): the terms of use, in numbered sections. */
export function TermsPage() {
  return (
    <DocumentPage
      title="Terms of use"
      description="The rules that keep Lyceum a good place to learn and to teach, in plain language."
      note={
        <>
          Last updated <time dateTime={LAST_UPDATED.iso}>{LAST_UPDATED.label}</time>. Questions about these terms:{' '}
          <Anchor href={`mailto:${CONTACT.emails[0]}`} underline="always" inherit>
            {CONTACT.emails[0]}
          </Anchor>
          .
        </>
      }
      sections={SECTIONS}
    />
  );
}
