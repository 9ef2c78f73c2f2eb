import { defineMessages } from '@/i18n/define-messages';

/**
 * The pages teachers and admins share (issue 47, docs/i18n.md): `pages/staff-account-details-page.tsx` (My Account)
 * and `pages/curriculum-editor-pages.tsx` (the curriculum and lesson editors' headers). The pages stay where they
 * are; this folder holds their catalogue. `role` is "teacher" or "admin".
 */
export const staffPagesMessages = defineMessages({
  myAccount: { id: 'staffPages.myAccount', defaultMessage: 'My Account' },
  myAccountDescription: {
    id: 'staffPages.myAccountDescription',
    defaultMessage: 'Your profile, picture, password and sessions.',
  },
  notifications: { id: 'staffPages.notifications', defaultMessage: 'Notifications' },
  notificationsDescription: {
    id: 'staffPages.notificationsDescription',
    defaultMessage: 'Which notifications also reach you by e-mail.',
  },
  curriculum: { id: 'staffPages.curriculum', defaultMessage: 'Curriculum' },
  curriculumPageTitle: {
    id: 'staffPages.curriculumPageTitle',
    defaultMessage: '{known, select, yes {Curriculum · {title}} other {Curriculum}}',
    description: 'The browser tab’s title, with the course once it is loaded.',
  },
  curriculumDescription: {
    id: 'staffPages.curriculumDescription',
    defaultMessage:
      '{known, select, yes {Sections and lessons of “{title}”. Drag a row by its handle, or focus the handle and use Space and the arrow keys.} other {Sections and lessons of this course.}}',
  },
  courseList: {
    id: 'staffPages.courseList',
    defaultMessage: '{role, select, admin {Courses} other {My Courses}}',
    description: 'A link back to the course list: every course (admin) or the teacher’s own.',
  },
  coursePage: { id: 'staffPages.coursePage', defaultMessage: 'Course page' },
  editLesson: { id: 'staffPages.editLesson', defaultMessage: 'Edit lesson' },
  preview: { id: 'staffPages.preview', defaultMessage: 'Preview' },
});
