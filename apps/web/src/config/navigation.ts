import type { MessageDescriptor } from '../i18n/intl';
import { navMessages } from './messages';
import { paths } from './paths';

/** A public navigation link: its label is a message, shown in the page's language (docs/i18n.md). */
export interface PublicNavItem {
  label: MessageDescriptor;
  href: string;
}

/** The navigation bar's links, repeated in the mobile drawer (spec §2). */
export const PUBLIC_NAV: readonly PublicNavItem[] = [
  { label: navMessages.home, href: paths.home.href() },
  { label: navMessages.courses, href: paths.courses.href() },
  { label: navMessages.forum, href: paths.forum.href() },
  { label: navMessages.blog, href: paths.blog.href() },
  { label: navMessages.about, href: paths.about.href() },
];
