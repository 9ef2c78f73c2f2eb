import { defineMessages } from '@/i18n/define-messages';

/**
 * Add Course / Edit Course (issue 47, docs/i18n.md): the course form, its lists, the teacher picker and the edit
 * page's load states. The components stay in `../components`; this folder holds their catalogue. The contract's
 * toasts (MESSAGES) and the held-course notice (COURSE_HELD_MESSAGE) are the server's words, still English.
 */
export const courseFormMessages = defineMessages({
  fieldLabel: {
    id: 'courseForm.fieldLabel',
    defaultMessage:
      '{field, select, title {Course Title} category {Category} level {Level} videoLink {Video link} aboutHtml {About Course} teacherId {Teacher} learnItems {What will you learn} materialItems {Materials Include} requirementItems {Requirements} tagItems {Tags} other {Audience}}',
    description: 'A field’s name; the contract’s English checks follow it (“Course Title is required”).',
  },
  listPlaceholder: {
    id: 'courseForm.listPlaceholder',
    defaultMessage:
      '{field, select, learnItems {e.g. Build a responsive layout} materialItems {e.g. 12 downloadable exercises} requirementItems {e.g. A computer with a browser} tagItems {e.g. javascript} other {e.g. Beginners who know some HTML}}',
  },
  levelLabel: {
    id: 'courseForm.levelLabel',
    defaultMessage:
      '{level, select, beginner {Beginner} intermediate {Intermediate} advanced {Advanced} other {All levels}}',
  },
  tooLong: { id: 'courseForm.tooLong', defaultMessage: '{field} must be at most {max} characters' },
  required: { id: 'courseForm.required', defaultMessage: '{field} is required' },
  thisEntry: {
    id: 'courseForm.thisEntry',
    defaultMessage: 'This entry {problem}',
    description: 'A list entry’s error; problem is the check’s own words, e.g. “must be at most 500 characters”.',
  },
  loadingEditor: { id: 'courseForm.loadingEditor', defaultMessage: 'Loading the editor…' },
  formName: { id: 'courseForm.formName', defaultMessage: '{editing, select, yes {Edit course} other {Add course}}' },
  unsavedWhat: { id: 'courseForm.unsavedWhat', defaultMessage: 'your changes to this course' },
  savedTitle: {
    id: 'courseForm.savedTitle',
    defaultMessage:
      '{forTeacher, select, yes {{published, select, yes {The course is published} other {The course is saved as a draft}}} other {{published, select, yes {Your course is published} other {Your course is saved as a draft}}}}',
    description: 'forTeacher: an administrator saved it on behalf of a teacher.',
  },
  dismiss: { id: 'courseForm.dismiss', defaultMessage: 'Dismiss' },
  savedForTeacher: {
    id: 'courseForm.savedForTeacher',
    defaultMessage:
      '“{title}” now belongs to {teacher} and is listed in <list>all courses</list>. <page>Open the course page</page>. The form is empty again for the next one.',
  },
  savedOwn: {
    id: 'courseForm.savedOwn',
    defaultMessage:
      '“{title}” is in <list>your courses</list>. <page>Open the course page</page>. The form is empty again for the next one.',
  },
  heldTitle: { id: 'courseForm.heldTitle', defaultMessage: 'Held by an administrator' },
  heldHint: {
    id: 'courseForm.heldHint',
    defaultMessage:
      '{admin, select, yes {Publish it to lift the hold.} other {You can still edit it and save it as a draft.}}',
  },
  generals: { id: 'courseForm.generals', defaultMessage: 'Generals' },
  status: {
    id: 'courseForm.status',
    defaultMessage: '{status, select, published {Published} held {Draft · held} other {Draft}}',
  },
  chooseCategory: { id: 'courseForm.chooseCategory', defaultMessage: 'Choose a category' },
  levelHint: { id: 'courseForm.levelHint', defaultMessage: 'Who the course is for' },
  videoHint: {
    id: 'courseForm.videoHint',
    defaultMessage: 'YouTube, Vimeo, or a link to an .mp4, .webm or .ogg file',
  },
  description: { id: 'courseForm.description', defaultMessage: 'Description' },
  draftRestored: { id: 'courseForm.draftRestored', defaultMessage: 'Unsaved draft restored' },
  draftRestoredText: {
    id: 'courseForm.draftRestoredText',
    defaultMessage: 'About Course shows the draft kept in this browser; save to keep it.',
  },
  discardDraft: { id: 'courseForm.discardDraft', defaultMessage: 'Discard draft' },
  aboutHint: {
    id: 'courseForm.aboutHint',
    defaultMessage: 'Headings, bold, italic, underline, lists, indents and links (http, https, mailto, tel).',
  },
  courseContent: { id: 'courseForm.courseContent', defaultMessage: 'Course content' },
  oneEntryPerLine: {
    id: 'courseForm.oneEntryPerLine',
    defaultMessage: 'One entry per line. Empty entries are left out when you save.',
  },
  deleteCourse: { id: 'courseForm.deleteCourse', defaultMessage: 'Delete course' },
  saveDraft: { id: 'courseForm.saveDraft', defaultMessage: 'Save as Draft' },
  publish: { id: 'courseForm.publish', defaultMessage: 'Publish' },
  deleteTitle: { id: 'courseForm.deleteTitle', defaultMessage: 'Delete this course?' },
  deleteConfirm: { id: 'courseForm.deleteConfirm', defaultMessage: 'Yes, delete this course' },
  enrolledLose: {
    id: 'courseForm.enrolledLose',
    defaultMessage:
      '{count, plural, one {# student is} other {# students are}} enrolled in this course and will lose it.',
  },
  removedForGood: {
    id: 'courseForm.removedForGood',
    defaultMessage: '“{title}” will be removed for good, together with its wishlist entries, enrolments and reviews.',
  },
  unpublishTitle: { id: 'courseForm.unpublishTitle', defaultMessage: 'Unpublish this course?' },
  unpublishConfirm: { id: 'courseForm.unpublishConfirm', defaultMessage: 'Yes, unpublish' },
  unpublishBody: {
    id: 'courseForm.unpublishBody',
    defaultMessage:
      '“{title}” leaves the catalogue and students’ wishlists. {count, plural, =0 {Nobody is enrolled in it.} one {Its # enrolled student keeps read-only access.} other {Its # enrolled students keep read-only access.}}',
  },
  // A list field.
  noEntries: { id: 'courseForm.noEntries', defaultMessage: 'No entries yet.' },
  entry: { id: 'courseForm.entry', defaultMessage: '{label} {number}', description: 'An entry of a list: “Tags 2”.' },
  removeEntry: { id: 'courseForm.removeEntry', defaultMessage: 'Remove {label} {number}' },
  removeThisEntry: { id: 'courseForm.removeThisEntry', defaultMessage: 'Remove this entry' },
  addEntry: { id: 'courseForm.addEntry', defaultMessage: 'Add {label} entry' },
  add: { id: 'courseForm.add', defaultMessage: 'Add' },
  // The edit page.
  loadingCourse: { id: 'courseForm.loadingCourse', defaultMessage: 'Loading the course…' },
  notFound: { id: 'courseForm.notFound', defaultMessage: 'Course not found' },
  notFoundHint: {
    id: 'courseForm.notFoundHint',
    defaultMessage: 'This course does not exist, or it is not yours to edit.',
  },
  backToCourses: { id: 'courseForm.backToCourses', defaultMessage: 'Back to the courses' },
  loadFailed: { id: 'courseForm.loadFailed', defaultMessage: 'The course could not be loaded' },
  // The teacher picker (administrators).
  teacherHint: {
    id: 'courseForm.teacherHint',
    defaultMessage: 'The course is written on behalf of this teacher and appears under their name.',
  },
  loadingTeachers: { id: 'courseForm.loadingTeachers', defaultMessage: 'Loading teachers…' },
  searchTeacher: { id: 'courseForm.searchTeacher', defaultMessage: 'Search and choose a teacher' },
  teachersFailed: { id: 'courseForm.teachersFailed', defaultMessage: 'The teachers could not be loaded' },
  noTeacher: { id: 'courseForm.noTeacher', defaultMessage: 'No teacher found' },
});
