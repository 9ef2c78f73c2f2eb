import { defineMessages } from '../i18n/define-messages';

/** The public navigation's links (config/navigation.ts), in the header and the mobile menu. */
export const navMessages = defineMessages({
  home: { id: 'nav.home', defaultMessage: 'Home' },
  courses: { id: 'nav.courses', defaultMessage: 'Courses' },
  forum: { id: 'nav.forum', defaultMessage: 'Community-Forum' },
  blog: { id: 'nav.blog', defaultMessage: 'Blog' },
  about: { id: 'nav.about', defaultMessage: 'About Us' },
});
