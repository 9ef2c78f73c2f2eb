import { paths } from './paths';

export interface NavItem {
  label: string;
  href: string;
}

/** The navigation bar's links, repeated in the mobile drawer (spec §2). */
export const PUBLIC_NAV: readonly NavItem[] = [
  { label: 'Home', href: paths.home.href() },
  { label: 'Courses', href: paths.courses.href() },
  { label: 'Community-Forum', href: paths.forum.href() },
  { label: 'Blog', href: paths.blog.href() },
  { label: 'About Us', href: paths.about.href() },
];
