import { defineMessages } from '@/i18n/define-messages';

/** The admin's roster import (features/rosters, issue 48.4): upload, preview, courses per class, apply. */
export const rosterMessages = defineMessages({
  uploadHeading: { id: 'rosters.uploadHeading', defaultMessage: 'Upload a roster' },
  format: { id: 'rosters.format', defaultMessage: 'Format' },
  formatOneRoster: { id: 'rosters.formatOneRoster', defaultMessage: 'OneRoster 1.2 (zip)' },
  formatCsv: { id: 'rosters.formatCsv', defaultMessage: 'Plain CSV' },
  oneRosterHint: {
    id: 'rosters.oneRosterHint',
    defaultMessage:
      'The zip your student information system exports: manifest.csv, users, classes, enrollments (bulk or delta). At most 50 MB.',
  },
  csvHint: {
    id: 'rosters.csvHint',
    defaultMessage:
      'Columns: email, first name, last name, role (student or teacher), class (optional). At most 20 MB.',
  },
  file: { id: 'rosters.file', defaultMessage: 'File' },
  clearFile: { id: 'rosters.clearFile', defaultMessage: 'Remove the file' },
  upload: { id: 'rosters.upload', defaultMessage: 'Upload and preview' },
  uploadFailed: { id: 'rosters.uploadFailed', defaultMessage: 'The roster was refused' },
  previewHeading: { id: 'rosters.previewHeading', defaultMessage: 'Preview: nothing has changed yet' },
  previewMode: {
    id: 'rosters.previewMode',
    defaultMessage: '{mode, select, delta {A delta file: only the changes it lists.} other {A full (bulk) file.}}',
  },
  countsCaption: { id: 'rosters.countsCaption', defaultMessage: 'What the import will do' },
  resultCaption: { id: 'rosters.resultCaption', defaultMessage: 'What the import did' },
  kind: { id: 'rosters.kind', defaultMessage: 'Records' },
  users: { id: 'rosters.users', defaultMessage: 'Users' },
  classes: { id: 'rosters.classes', defaultMessage: 'Classes' },
  enrolments: { id: 'rosters.enrolments', defaultMessage: 'Enrolments' },
  create: { id: 'rosters.create', defaultMessage: 'Create' },
  update: { id: 'rosters.update', defaultMessage: 'Update' },
  unchanged: { id: 'rosters.unchanged', defaultMessage: 'Unchanged' },
  remove: { id: 'rosters.remove', defaultMessage: 'Remove' },
  refusedHeading: {
    id: 'rosters.refusedHeading',
    defaultMessage: '{count, plural, =0 {No row refused} one {# row refused} other {# rows refused}}',
  },
  refusedHint: {
    id: 'rosters.refusedHint',
    defaultMessage: 'These rows are left out; the others are imported. Fix them in the file and upload it again.',
  },
  refusedListed: {
    id: 'rosters.refusedListed',
    defaultMessage: 'The first {listed, number} are listed.',
  },
  refusedCaption: { id: 'rosters.refusedCaption', defaultMessage: 'Refused rows, page {page} of {pages}' },
  refusedPages: { id: 'rosters.refusedPages', defaultMessage: 'Pages of refused rows' },
  fileColumn: { id: 'rosters.fileColumn', defaultMessage: 'File' },
  line: { id: 'rosters.line', defaultMessage: 'Line' },
  reason: { id: 'rosters.reason', defaultMessage: 'Reason' },
  coursesHeading: { id: 'rosters.coursesHeading', defaultMessage: 'Courses of the classes' },
  coursesHint: {
    id: 'rosters.coursesHint',
    defaultMessage:
      "Link each class to one of its teacher's courses, or create a draft course for it. Its students are enrolled in the course.",
  },
  classesListed: {
    id: 'rosters.classesListed',
    defaultMessage:
      'The first {listed, number} of {count, number} classes are listed; the others are imported without a course.',
  },
  noClasses: { id: 'rosters.noClasses', defaultMessage: 'This file has no class to link to a course.' },
  classesCaption: { id: 'rosters.classesCaption', defaultMessage: 'Classes, page {page} of {pages}' },
  classesPages: { id: 'rosters.classesPages', defaultMessage: 'Pages of classes' },
  className: { id: 'rosters.className', defaultMessage: 'Class' },
  teacher: { id: 'rosters.teacher', defaultMessage: 'Teacher' },
  newTeacher: { id: 'rosters.newTeacher', defaultMessage: 'new account' },
  course: { id: 'rosters.course', defaultMessage: 'Course' },
  courseFor: { id: 'rosters.courseFor', defaultMessage: 'Course for {name}' },
  noCourse: {
    id: 'rosters.noCourse',
    defaultMessage: '{linked, plural, =0 {No course} one {Keep its course} other {Keep its # courses}}',
  },
  newDraft: { id: 'rosters.newDraft', defaultMessage: 'Create a draft course' },
  draftBadge: { id: 'rosters.draftBadge', defaultMessage: '{title} (draft)' },
  sendPasswordMail: {
    id: 'rosters.sendPasswordMail',
    defaultMessage: 'Send new accounts an e-mail to set their password',
  },
  sendPasswordMailHint: {
    id: 'rosters.sendPasswordMailHint',
    defaultMessage: "Without it, they sign in through the school's identity provider.",
  },
  apply: { id: 'rosters.apply', defaultMessage: 'Apply the import' },
  startOver: { id: 'rosters.startOver', defaultMessage: 'Upload another file' },
  applyFailed: { id: 'rosters.applyFailed', defaultMessage: 'The import could not be applied' },
  progressHeading: { id: 'rosters.progressHeading', defaultMessage: 'Applying the import' },
  progressLabel: { id: 'rosters.progressLabel', defaultMessage: 'Rows applied' },
  progress: {
    id: 'rosters.progress',
    defaultMessage: '{processed, number} of {total, number} rows applied',
  },
  resultHeading: { id: 'rosters.resultHeading', defaultMessage: 'Import applied' },
  failedHeading: { id: 'rosters.failedHeading', defaultMessage: 'The import failed' },
  finishedAt: { id: 'rosters.finishedAt', defaultMessage: 'Finished {at}' },
});
