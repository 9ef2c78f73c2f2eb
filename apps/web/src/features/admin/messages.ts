import { defineMessages } from '@/i18n/define-messages';

/**
 * The admin's student and teacher lists (features/admin, docs/i18n.md): the table, its search and export, the
 * account actions and their confirmations, and a user's details drawer. `role` is "student" or "teacher".
 */
export const adminMessages = defineMessages({
  searchLabel: {
    id: 'admin.searchLabel',
    defaultMessage: '{role, select, teacher {Search teachers} other {Search students}}',
  },
  searchPlaceholder: { id: 'admin.searchPlaceholder', defaultMessage: 'Name, username or email' },
  total: {
    id: 'admin.total',
    defaultMessage:
      '{role, select, teacher {{count, plural, one {# teacher} other {# teachers}}} other {{count, plural, one {# student} other {# students}}}}',
    description: 'Above the table, announced to screen readers: how many accounts the search found.',
  },
  loading: {
    id: 'admin.loading',
    defaultMessage: '{role, select, teacher {Loading teachers…} other {Loading students…}}',
  },
  noMatch: {
    id: 'admin.noMatch',
    defaultMessage: '{role, select, teacher {No teachers match “{q}”} other {No students match “{q}”}}',
  },
  noneYet: { id: 'admin.noneYet', defaultMessage: '{role, select, teacher {No teachers yet} other {No students yet}}' },
  noMatchHint: { id: 'admin.noMatchHint', defaultMessage: 'Try part of the name, the username or the email address.' },
  pagesLabel: {
    id: 'admin.pagesLabel',
    defaultMessage: '{role, select, teacher {Teacher list pages} other {Student list pages}}',
    description: 'The name of the pagination under the table (read by screen readers).',
  },
  exportCsv: { id: 'admin.exportCsv', defaultMessage: 'Export CSV' },
  name: { id: 'admin.name', defaultMessage: 'Name' },
  email: { id: 'admin.email', defaultMessage: 'Email' },
  joined: { id: 'admin.joined', defaultMessage: 'Joined' },
  activityColumn: {
    id: 'admin.activityColumn',
    defaultMessage: '{role, select, teacher {Courses} other {Enrolments}}',
    description: 'A column: how many courses a teacher has, or how many enrolments a student has.',
  },
  status: { id: 'admin.status', defaultMessage: 'Status' },
  actions: { id: 'admin.actions', defaultMessage: 'Actions' },
  username: { id: 'admin.username', defaultMessage: 'Username: {username}' },
  joinedOn: {
    id: 'admin.joinedOn',
    defaultMessage: 'joined {date}',
    description: 'Under the name on phones: the sign-up date.',
  },
  userStatus: { id: 'admin.userStatus', defaultMessage: '{status, select, active {Active} other {Suspended}}' },
  actionsFor: { id: 'admin.actionsFor', defaultMessage: 'Actions for {name}' },
  viewDetails: { id: 'admin.viewDetails', defaultMessage: 'View details' },
  sendReset: { id: 'admin.sendReset', defaultMessage: 'Send password reset link' },
  makeRole: {
    id: 'admin.makeRole',
    defaultMessage: '{role, select, teacher {Make teacher} other {Make student}}',
    description: 'Changes the account to the other role.',
  },
  suspend: { id: 'admin.suspend', defaultMessage: 'Suspend' },
  reactivate: { id: 'admin.reactivate', defaultMessage: 'Reactivate' },
  cancel: { id: 'admin.cancel', defaultMessage: 'Cancel' },
  suspendTitle: { id: 'admin.suspendTitle', defaultMessage: 'Suspend {name}?' },
  suspendBody: {
    id: 'admin.suspendBody',
    defaultMessage: 'They are signed out everywhere at once and cannot log in until you reactivate the account.',
  },
  reactivateTitle: { id: 'admin.reactivateTitle', defaultMessage: 'Reactivate {name}?' },
  reactivateBody: { id: 'admin.reactivateBody', defaultMessage: 'They can log in again with their password.' },
  roleTitle: {
    id: 'admin.roleTitle',
    defaultMessage: '{role, select, teacher {Make {name} a teacher?} other {Make {name} a student?}}',
  },
  roleBody: {
    id: 'admin.roleBody',
    defaultMessage:
      '{role, select, teacher {They will be able to create courses. They are signed out and log in again as a teacher.} other {They will no longer be able to create courses. They are signed out and log in again as a student.}}',
  },
  userDetails: { id: 'admin.userDetails', defaultMessage: 'User details' },
  closeDetails: { id: 'admin.closeDetails', defaultMessage: 'Close user details' },
  deleteTitle: {
    id: 'admin.deleteTitle',
    defaultMessage:
      '{kind, select, review {Do You Want to Delete This Review?} question {Do You Want to Delete This Question?} other {Do You Want to Delete This Answer?}}',
  },
  confirmDelete: { id: 'admin.confirmDelete', defaultMessage: 'Yes, Delete This' },
  roleName: {
    id: 'admin.roleName',
    defaultMessage: '{role, select, teacher {Teacher} admin {Admin} guardian {Guardian} other {Student}}',
  },
  accountActions: { id: 'admin.accountActions', defaultMessage: 'Account actions' },
  courses: { id: 'admin.courses', defaultMessage: 'Courses' },
  noCourses: { id: 'admin.noCourses', defaultMessage: 'No courses yet.' },
  courseLine: {
    id: 'admin.courseLine',
    defaultMessage:
      '{category} · {status, select, published {Published} other {Draft}} · {count, plural, other {# enrolled}} · updated {date}',
    description: 'Under a teacher’s course: its category, status, how many students are enrolled, last change.',
  },
  enrolments: { id: 'admin.enrolments', defaultMessage: 'Enrolments' },
  noEnrolments: { id: 'admin.noEnrolments', defaultMessage: 'No enrolments yet.' },
  enrolmentLine: {
    id: 'admin.enrolmentLine',
    defaultMessage: '{status, select, completed {Completed} other {Active}} · enrolled {date}',
  },
  reviews: {
    id: 'admin.reviews',
    defaultMessage: '{teacher, select, yes {Reviews of their courses} other {Reviews}}',
  },
  noReviews: { id: 'admin.noReviews', defaultMessage: 'No reviews yet.' },
  reviewMeta: {
    id: 'admin.reviewMeta',
    defaultMessage: '{byStudent, select, yes {{student} · {date}} other {{date}}}',
    description: 'Under a review: who wrote it (on a teacher’s details) and when.',
  },
  deleteReviewLabel: { id: 'admin.deleteReviewLabel', defaultMessage: 'Delete review of {title}' },
  deleteReviewBody: { id: 'admin.deleteReviewBody', defaultMessage: 'The review of “{title}” is deleted.' },
  forumActivity: { id: 'admin.forumActivity', defaultMessage: 'Forum activity' },
  forumCounts: {
    id: 'admin.forumCounts',
    defaultMessage:
      '{questions, plural, one {# question} other {# questions}} · {answers, plural, one {# answer} other {# answers}}',
  },
  questions: { id: 'admin.questions', defaultMessage: 'Questions' },
  noQuestions: { id: 'admin.noQuestions', defaultMessage: 'No questions.' },
  questionMeta: {
    id: 'admin.questionMeta',
    defaultMessage: '{count, plural, one {# answer} other {# answers}} · {date}',
  },
  deleteQuestionLabel: { id: 'admin.deleteQuestionLabel', defaultMessage: 'Delete question: {question}' },
  deleteQuestionBody: {
    id: 'admin.deleteQuestionBody',
    defaultMessage: 'Its answers and votes are deleted with it. This cannot be undone.',
  },
  answers: { id: 'admin.answers', defaultMessage: 'Answers' },
  noAnswers: { id: 'admin.noAnswers', defaultMessage: 'No answers.' },
  answerOn: {
    id: 'admin.answerOn',
    defaultMessage: 'on <link>{question}</link> · {date}',
    description: 'Under an answer: the forum question it answers (a link) and when.',
  },
  deleteAnswerLabel: { id: 'admin.deleteAnswerLabel', defaultMessage: 'Delete answer to: {question}' },
  deleteAnswerBody: {
    id: 'admin.deleteAnswerBody',
    defaultMessage: 'Its votes are deleted with it. This cannot be undone.',
  },
  delete: { id: 'admin.delete', defaultMessage: 'Delete' },
  latest: {
    id: 'admin.latest',
    defaultMessage: 'Latest {shown, number} of {total, number}',
    description: 'Beside a list that shows only the newest items.',
  },
  profile: { id: 'admin.profile', defaultMessage: 'Profile' },
  phone: { id: 'admin.phone', defaultMessage: 'Phone' },
  expertise: { id: 'admin.expertise', defaultMessage: 'Expertise' },
  address: { id: 'admin.address', defaultMessage: 'Address' },
  city: { id: 'admin.city', defaultMessage: 'City' },
  postalCode: { id: 'admin.postalCode', defaultMessage: 'Postal code' },
  country: { id: 'admin.country', defaultMessage: 'Country' },
  website: { id: 'admin.website', defaultMessage: 'Website' },
  about: { id: 'admin.about', defaultMessage: 'About' },
});
