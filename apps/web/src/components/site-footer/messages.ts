import { defineMessages } from '@/i18n/define-messages';

/** The site footer (docs/i18n.md). */
export const siteFooterMessages = defineMessages({
  quickLinks: { id: 'siteFooter.quickLinks', defaultMessage: 'Quick links' },
  resources: { id: 'siteFooter.resources', defaultMessage: 'Resources' },
  support: { id: 'siteFooter.support', defaultMessage: 'Support' },
  about: { id: 'siteFooter.about', defaultMessage: 'About' },
  courses: { id: 'siteFooter.courses', defaultMessage: 'Courses' },
  blog: { id: 'siteFooter.blog', defaultMessage: 'Blog' },
  login: { id: 'siteFooter.login', defaultMessage: 'Login' },
  membership: { id: 'siteFooter.membership', defaultMessage: 'Membership' },
  instructor: { id: 'siteFooter.instructor', defaultMessage: 'Instructor' },
  faqs: { id: 'siteFooter.faqs', defaultMessage: 'Faqs' },
  forums: { id: 'siteFooter.forums', defaultMessage: 'Forums' },
  documentation: { id: 'siteFooter.documentation', defaultMessage: 'Documentation' },
  terms: { id: 'siteFooter.terms', defaultMessage: 'Terms' },
  community: { id: 'siteFooter.community', defaultMessage: 'Community' },
  tagline: {
    id: 'siteFooter.tagline',
    defaultMessage:
      'Courses from teachers who know their craft, a community that answers questions, and progress you can see.',
  },
  copyright: { id: 'siteFooter.copyright', defaultMessage: '© {year} Lyceum. All rights reserved.' },
  motto: { id: 'siteFooter.motto', defaultMessage: 'Learn, teach and grow online.' },
  backToTop: { id: 'siteFooter.backToTop', defaultMessage: 'Back to top' },
});
