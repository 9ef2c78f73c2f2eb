import { defineMessages } from '@/i18n/define-messages';

/** The admin area's pages (pages/admin, docs/i18n.md): their headings, descriptions and links. */
export const adminPagesMessages = defineMessages({
  rostersTitle: { id: 'adminPages.rostersTitle', defaultMessage: 'Rosters' },
  rostersDescription: {
    id: 'adminPages.rostersDescription',
    defaultMessage:
      "Bring the school's users, classes and enrolments from its student information system: upload, check the preview, apply.",
  },
  dashboardTitle: { id: 'adminPages.dashboardTitle', defaultMessage: 'Dashboard' },
  dashboardDescription: {
    id: 'adminPages.dashboardDescription',
    defaultMessage:
      '{known, select, yes {Welcome back, {firstname}.} other {Welcome back.}} Here is Lyceum at a glance.',
    description:
      'Under the dashboard’s heading; the first name is known once the browser has the user. Lyceum is the brand.',
  },
  addCourseTitle: { id: 'adminPages.addCourseTitle', defaultMessage: 'Add Course' },
  addCourseDescription: {
    id: 'adminPages.addCourseDescription',
    defaultMessage: 'Write a course on behalf of a teacher: it appears under their name and in their My Courses.',
  },
  coursesTitle: { id: 'adminPages.coursesTitle', defaultMessage: 'Courses' },
  coursesDescription: {
    id: 'adminPages.coursesDescription',
    defaultMessage: 'Every course of every teacher, published or draft.',
  },
  editCourseTitle: { id: 'adminPages.editCourseTitle', defaultMessage: 'Edit Course' },
  editCourseDescription: {
    id: 'adminPages.editCourseDescription',
    defaultMessage: 'Change any course, or move it to another teacher.',
  },
  allCourses: {
    id: 'adminPages.allCourses',
    defaultMessage: 'All courses',
    description: 'A link back to the course list; also the course filter of the grading page when none is chosen.',
  },
  gradingPageTitle: {
    id: 'adminPages.gradingPageTitle',
    defaultMessage: '{chosen, select, yes {Grading · {title}} other {Grading}}',
    description: 'The browser tab’s title; with the course chosen in the filter.',
  },
  gradingDescription: {
    id: 'adminPages.gradingDescription',
    defaultMessage:
      'Answers that need a person in every course, oldest first. Choose a course to grade only its answers.',
  },
  itemAnalysisTitle: { id: 'adminPages.itemAnalysisTitle', defaultMessage: 'Item analysis' },
  itemAnalysisDescription: {
    id: 'adminPages.itemAnalysisDescription',
    defaultMessage:
      'How hard each question was, whether it separates stronger from weaker students, and which choices were picked.',
  },
  gradebook: { id: 'adminPages.gradebook', defaultMessage: 'Gradebook' },
  studentListTitle: { id: 'adminPages.studentListTitle', defaultMessage: 'Student List' },
  studentListDescription: {
    id: 'adminPages.studentListDescription',
    defaultMessage: 'Every student account: search, sort, open the details, and suspend, reset or change a role.',
  },
  teacherListTitle: { id: 'adminPages.teacherListTitle', defaultMessage: 'Teacher List' },
  teacherListDescription: {
    id: 'adminPages.teacherListDescription',
    defaultMessage: 'Every teacher account: search, sort, open the details, and suspend, reset or change a role.',
  },
});
