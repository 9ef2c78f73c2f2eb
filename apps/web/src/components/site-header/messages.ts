import { defineMessages } from '@/i18n/define-messages';

/** The site header, its mobile menu and the language menu (docs/i18n.md). */
export const siteHeaderMessages = defineMessages({
  homeLink: { id: 'siteHeader.homeLink', defaultMessage: 'Lyceum home' },
  mainNav: { id: 'siteHeader.mainNav', defaultMessage: 'Main' },
  joinClass: { id: 'siteHeader.joinClass', defaultMessage: 'Join a class' },
  login: { id: 'siteHeader.login', defaultMessage: 'Login' },
  signUp: { id: 'siteHeader.signUp', defaultMessage: 'Sign Up' },
  openMenu: { id: 'siteHeader.openMenu', defaultMessage: 'Open navigation menu' },
  closeMenu: { id: 'siteHeader.closeMenu', defaultMessage: 'Close navigation menu' },
  scrollToTop: { id: 'siteHeader.scrollToTop', defaultMessage: 'Scroll to top' },
  account: {
    id: 'siteHeader.account',
    defaultMessage: '{username} ({role, select, student {Student area} teacher {Teacher area} other {Admin area}})',
    description: 'The avatar link to the signed-in user’s area; role is student, teacher or admin.',
  },
  profilePicture: { id: 'siteHeader.profilePicture', defaultMessage: 'Profile picture of {username}' },
  menu: { id: 'siteHeader.menu', defaultMessage: 'Menu' },
  mainMenu: { id: 'siteHeader.mainMenu', defaultMessage: 'Main menu' },
  myArea: {
    id: 'siteHeader.myArea',
    defaultMessage: '{role, select, student {My Student area} teacher {My Teacher area} other {My Admin area}}',
  },
  language: { id: 'siteHeader.language', defaultMessage: 'Language' },
});
