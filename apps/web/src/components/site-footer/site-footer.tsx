import { CONTACT } from '@lyceum/contract/constants';
import { Box, Container, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useIntl, type MessageDescriptor } from '@/i18n/intl';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { MAIN_CONTENT_ID } from '../skip-link';
import { Logo } from '../logo';
import { siteFooterMessages as messages } from './messages';
import classes from './site-footer.module.css';

interface FooterLink {
  label: MessageDescriptor;
  href: string;
}

/** Spec §2 footer; the spec's placeholder links lead to real pages (issue 8) instead of nowhere. */
const COLUMNS: readonly { id: string; title: MessageDescriptor; links: readonly FooterLink[] }[] = [
  {
    id: 'footer-quick-links',
    title: messages.quickLinks,
    links: [
      { label: messages.about, href: paths.about.footerHref() },
      { label: messages.courses, href: paths.courses.href() },
      { label: messages.blog, href: paths.blog.href() },
      { label: messages.login, href: paths.login.href() },
    ],
  },
  {
    id: 'footer-resources',
    title: messages.resources,
    links: [
      { label: messages.courses, href: paths.courses.href() },
      { label: messages.membership, href: paths.register.href() },
      { label: messages.instructor, href: paths.register.href('teacher') },
      { label: messages.faqs, href: paths.faq.href() },
    ],
  },
  {
    id: 'footer-support',
    title: messages.support,
    links: [
      { label: messages.forums, href: paths.forum.href() },
      { label: messages.documentation, href: paths.docs.href() },
      { label: messages.terms, href: paths.terms.href() },
      { label: messages.community, href: paths.forum.href() },
    ],
  },
];

const YEAR = new Date().getFullYear();

function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`;
}

export function SiteFooter() {
  const intl = useIntl();
  return (
    <footer className={classes.footer}>
      <Container size="xl" py={48}>
        <div className={classes.grid}>
          <Stack gap="md" className={classes.about}>
            <Logo inverted size={32} />
            <Text size="sm" c="gray.4" maw={280}>
              {intl.formatMessage(messages.tagline)}
            </Text>
            {/* Phone numbers and addresses read left to right in every language, and are not translated. */}
            <Stack gap={8} component="address" style={{ fontStyle: 'normal' }} dir="ltr" translate="no">
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
            <nav key={column.id} aria-labelledby={column.id}>
              <h2 id={column.id} className={classes.heading}>
                {intl.formatMessage(column.title)}
              </h2>
              <ul className={classes.list}>
                {column.links.map((link) => (
                  <li key={link.label.id}>
                    <Link className={classes.link} to={link.href}>
                      {intl.formatMessage(link.label)}
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
              {intl.formatMessage(messages.copyright, { year: YEAR })}
            </Text>
            <Text size="sm" c="gray.5">
              {intl.formatMessage(messages.motto)}
            </Text>
            {/* Phones have no floating scroll-to-top button (it would cover controls): the way up is here. */}
            <Box hiddenFrom="sm">
              <a className={classes.link} href={`#${MAIN_CONTENT_ID}`}>
                {intl.formatMessage(messages.backToTop)}
              </a>
            </Box>
          </Group>
        </Container>
      </Box>
    </footer>
  );
}
