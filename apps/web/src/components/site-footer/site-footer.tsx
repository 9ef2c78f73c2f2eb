import { CONTACT } from '@lyceum/contract/constants';
import { Box, Container, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { MAIN_CONTENT_ID } from '../skip-link';
import { Logo } from '../logo';
import classes from './site-footer.module.css';

interface FooterLink {
  label: string;
  href: string;
}

/** Spec §2 footer; the spec's placeholder links lead to real pages (issue 8) instead of nowhere. */
const COLUMNS: readonly { title: string; links: readonly FooterLink[] }[] = [
  {
    title: 'Quick links',
    links: [
      { label: 'About', href: paths.about.footerHref() },
      { label: 'Courses', href: paths.courses.href() },
      { label: 'Blog', href: paths.blog.href() },
      { label: 'Login', href: paths.login.href() },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Courses', href: paths.courses.href() },
      { label: 'Membership', href: paths.register.href() },
      { label: 'Instructor', href: paths.register.href('teacher') },
      { label: 'Faqs', href: paths.faq.href() },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Forums', href: paths.forum.href() },
      { label: 'Documentation', href: paths.docs.href() },
      { label: 'Terms', href: paths.terms.href() },
      { label: 'Community', href: paths.forum.href() },
    ],
  },
];

const YEAR = new Date().getFullYear();

function headingId(title: string): string {
  return `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;
}

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="xl" py={48}>
        <div className={classes.grid}>
          <Stack gap="md" className={classes.about}>
            <Logo inverted size={32} />
            <Text size="sm" c="gray.4" maw={280}>
              Courses from teachers who know their craft, a community that answers questions, and progress you can see.
            </Text>
            <Stack gap={8} component="address" style={{ fontStyle: 'normal' }}>
              <a className={`${classes.link} ${classes.contact}`} href={telHref(CONTACT.phone)}>
                <IconPhone size={16} aria-hidden />
                {CONTACT.phone}
              </a>
              {CONTACT.emails.map((email) => (
                <a key={email} className={`${classes.link} ${classes.contact}`} href={`mailto:${email}`}>
                  <IconMail size={16} aria-hidden />
                  {email}
                </a>
              ))}
            </Stack>
          </Stack>

          {COLUMNS.map((column) => (
            <nav key={column.title} aria-labelledby={headingId(column.title)}>
              <h2 id={headingId(column.title)} className={classes.heading}>
                {column.title}
              </h2>
              <ul className={classes.list}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link className={classes.link} to={link.href}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </Container>
      <Box className={classes.bottom}>
        <Container size="xl" py="md">
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="gray.5">
              © {YEAR} Lyceum. All rights reserved.
            </Text>
            <Text size="sm" c="gray.5">
              Learn, teach and grow online.
            </Text>
            {/* Phones have no floating scroll-to-top button (it would cover controls): the way up is here. */}
            <Box hiddenFrom="sm">
              <a className={classes.link} href={`#${MAIN_CONTENT_ID}`}>
                Back to top
              </a>
            </Box>
          </Group>
        </Container>
      </Box>
    </footer>
  );
}
