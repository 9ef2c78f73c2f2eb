import { defineMessages } from '../i18n/define-messages';

/** The public navigation's links (config/navigation.ts), in the header and the mobile menu. */
export const navMessages = defineMessages({
  home: { id: 'nav.home', defaultMessage: 'Home' },
  courses: { id: 'nav.courses', defaultMessage: 'Courses' },
  forum: { id: 'nav.forum', defaultMessage: 'Community-Forum' },
  blog: { id: 'nav.blog', defaultMessage: 'Blog' },
  about: { id: 'nav.about', defaultMessage: 'About Us' },
});

/** The role areas' sidebars (config/area-navigation.ts). */
export const areaNavMessages = defineMessages({
  dashboard: { id: 'nav.dashboard', defaultMessage: 'Dashboard' },
  myClasses: { id: 'nav.myClasses', defaultMessage: 'My Classes' },
  calendar: { id: 'nav.calendar', defaultMessage: 'Calendar' },
  myChildren: { id: 'nav.myChildren', defaultMessage: 'My children', description: "the guardian's sidebar" },
  enrolledCourses: { id: 'nav.enrolledCourses', defaultMessage: 'Enrolled Courses' },
  myAccount: { id: 'nav.myAccount', defaultMessage: 'My Account' },
  wishlist: { id: 'nav.wishlist', defaultMessage: 'Wishlist' },
  reviews: { id: 'nav.reviews', defaultMessage: 'Reviews' },
  myQuizAttempts: { id: 'nav.myQuizAttempts', defaultMessage: 'My Quiz Attempts' },
  questionsAnswers: { id: 'nav.questionsAnswers', defaultMessage: 'Questions & Answer' },
  notifications: { id: 'nav.notifications', defaultMessage: 'Notifications' },
  myCourses: { id: 'nav.myCourses', defaultMessage: 'My Courses' },
  addCourse: { id: 'nav.addCourse', defaultMessage: 'Add Course' },
  classes: { id: 'nav.classes', defaultMessage: 'Classes' },
  grading: { id: 'nav.grading', defaultMessage: 'Grading' },
  areaCourses: {
    id: 'nav.areaCourses',
    defaultMessage: 'Courses',
    description: "the admin sidebar's list of all courses",
  },
  studentList: { id: 'nav.studentList', defaultMessage: 'Student List' },
  teacherList: { id: 'nav.teacherList', defaultMessage: 'Teacher List' },
  rosters: {
    id: 'nav.rosters',
    defaultMessage: 'Rosters',
    description: 'The admin page that imports a school roster.',
  },
  identityProviders: {
    id: 'nav.identityProviders',
    defaultMessage: 'Sign-in providers',
    description: "The admin page of the school's identity providers (Google, Microsoft, OpenID Connect).",
  },
});
