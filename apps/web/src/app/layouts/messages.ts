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
  unsentTitle: { id: 'areaLayout.unsentTitle', defaultMessage: 'Answers not sent yet' },
  unsentBody: {
    id: 'areaLayout.unsentBody',
    defaultMessage:
      '{count, plural, one {# answer you gave has not reached the server yet.} other {# answers you gave have not reached the server yet.}} They are kept in this browser and sent when you open the attempt again, signed in, before its time is up. To send them now, stay signed in and go back to the attempt while online.',
  },
  stay: { id: 'areaLayout.stay', defaultMessage: 'Stay signed in' },
  logoutAnyway: { id: 'areaLayout.logoutAnyway', defaultMessage: 'Log out anyway' },
});
