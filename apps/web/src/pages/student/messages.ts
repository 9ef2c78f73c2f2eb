import { defineMessages } from '@/i18n/define-messages';

/** The student area's pages (pages/student, docs/i18n.md). Converted so far: the dashboard, the quiz, My grades. */
export const studentMessages = defineMessages({
  dashboardTitle: { id: 'student.dashboardTitle', defaultMessage: 'Dashboard' },
  dashboardDescription: {
    id: 'student.dashboardDescription',
    defaultMessage:
      '{known, select, yes {Welcome back, {firstname}.} other {Welcome back.}} Here is how your learning is going.',
    description: 'Under the dashboard’s heading; the first name is known once the browser has the user.',
  },
  inProgressHeading: { id: 'student.inProgressHeading', defaultMessage: 'In Progress Courses' },
  allEnrolledCourses: { id: 'student.allEnrolledCourses', defaultMessage: 'All enrolled courses' },
});
