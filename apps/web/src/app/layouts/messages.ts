import { defineMessages } from '@/i18n/define-messages';

/** The frame of the role areas (role-area-layout.tsx): the sidebar's own words. */
export const areaLayoutMessages = defineMessages({
  role: {
    id: 'areaLayout.role',
    defaultMessage: '{role, select, student {Student} teacher {Teacher} guardian {Guardian} other {Admin}}',
    description: "the signed-in user's role, on the badge under their name",
  },
  area: {
    id: 'areaLayout.area',
    defaultMessage:
      '{role, select, student {Student area} teacher {Teacher area} guardian {Guardian area} other {Admin area}}',
    description: "the sidebar's accessible name",
  },
  menu: {
    id: 'areaLayout.menu',
    defaultMessage:
      '{role, select, student {Student menu} teacher {Teacher menu} guardian {Guardian menu} other {Admin menu}}',
    description: 'the button that opens the sidebar on phones',
  },
  closeMenu: { id: 'areaLayout.closeMenu', defaultMessage: 'Close menu' },
  logout: { id: 'areaLayout.logout', defaultMessage: 'Logout' },
  loadingPage: { id: 'areaLayout.loadingPage', defaultMessage: 'Loading the page…' },
});
