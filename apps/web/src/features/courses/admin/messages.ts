import { defineMessages } from '@/i18n/define-messages';

/**
 * The admin's course list (issue 47, docs/i18n.md): its filters, table, publish / unpublish and the delete
 * confirmation (also the teacher's). The components stay in `../components`; this folder holds their catalogue.
 * The contract's toasts (MESSAGES) and the category names are still English.
 */
export const courseAdminMessages = defineMessages({
  filterCourses: { id: 'courseAdmin.filterCourses', defaultMessage: 'Filter courses' },
  search: { id: 'courseAdmin.search', defaultMessage: 'Search' },
  searchPlaceholder: { id: 'courseAdmin.searchPlaceholder', defaultMessage: 'Title, topic or tag' },
  status: { id: 'courseAdmin.status', defaultMessage: 'Status' },
  anyStatus: { id: 'courseAdmin.anyStatus', defaultMessage: 'Any status' },
  courseStatus: {
    id: 'courseAdmin.courseStatus',
    defaultMessage: '{status, select, published {Published} other {Draft}}',
  },
  category: { id: 'courseAdmin.category', defaultMessage: 'Category' },
  allCategories: { id: 'courseAdmin.allCategories', defaultMessage: 'All categories' },
  total: {
    id: 'courseAdmin.total',
    defaultMessage: '{count, plural, one {# course} other {# courses}}',
    description: 'Above the table, announced to screen readers: how many courses the filters found.',
  },
  loading: { id: 'courseAdmin.loading', defaultMessage: 'Loading courses…' },
  loadFailed: { id: 'courseAdmin.loadFailed', defaultMessage: 'The courses could not be loaded' },
  course: { id: 'courseAdmin.course', defaultMessage: 'Course' },
  enrolled: { id: 'courseAdmin.enrolled', defaultMessage: 'Enrolled' },
  lastUpdated: { id: 'courseAdmin.lastUpdated', defaultMessage: 'Last updated' },
  actions: { id: 'courseAdmin.actions', defaultMessage: 'Actions' },
  enrolledCount: {
    id: 'courseAdmin.enrolledCount',
    defaultMessage: '{count, plural, other {# enrolled}}',
    description: 'Under the title on phones: how many students are enrolled.',
  },
  updatedOn: {
    id: 'courseAdmin.updatedOn',
    defaultMessage: 'updated <time>{date}</time>',
    description: 'Under the title on phones: when the course last changed.',
  },
  publishToggle: {
    id: 'courseAdmin.publishToggle',
    defaultMessage: '{published, select, yes {Unpublish} other {Publish}}',
  },
  publishToggleFor: {
    id: 'courseAdmin.publishToggleFor',
    defaultMessage: '{published, select, yes {Unpublish {title}} other {Publish {title}}}',
  },
  unpublishTitle: { id: 'courseAdmin.unpublishTitle', defaultMessage: 'Unpublish this course?' },
  confirmUnpublish: { id: 'courseAdmin.confirmUnpublish', defaultMessage: 'Yes, unpublish' },
  unpublishBody: {
    id: 'courseAdmin.unpublishBody',
    defaultMessage:
      '“{title}” leaves the catalogue and students’ wishlists. {count, plural, =0 {Nobody is enrolled in it.} one {Its # enrolled student keeps read-only access.} other {Its # enrolled students keep read-only access.}}',
  },
  cancel: { id: 'courseAdmin.cancel', defaultMessage: 'Cancel' },
  edit: { id: 'courseAdmin.edit', defaultMessage: 'Edit' },
  editFor: { id: 'courseAdmin.editFor', defaultMessage: 'Edit {title}' },
  curriculum: { id: 'courseAdmin.curriculum', defaultMessage: 'Curriculum' },
  curriculumFor: { id: 'courseAdmin.curriculumFor', defaultMessage: 'Curriculum of {title}' },
  gradebook: { id: 'courseAdmin.gradebook', defaultMessage: 'Gradebook' },
  gradebookFor: { id: 'courseAdmin.gradebookFor', defaultMessage: 'Gradebook of {title}' },
  pagesLabel: {
    id: 'courseAdmin.pagesLabel',
    defaultMessage: 'Course table pages',
    description: 'The name of the pagination under the table (read by screen readers).',
  },
  delete: { id: 'courseAdmin.delete', defaultMessage: 'Delete' },
  deleteFor: { id: 'courseAdmin.deleteFor', defaultMessage: 'Delete {title}' },
  deleteTitle: { id: 'courseAdmin.deleteTitle', defaultMessage: 'Delete this course?' },
  confirmDelete: { id: 'courseAdmin.confirmDelete', defaultMessage: 'Yes, delete this course' },
  deleteEnrolled: {
    id: 'courseAdmin.deleteEnrolled',
    defaultMessage:
      '{count, plural, one {# student is enrolled in this course and will lose it.} other {# students are enrolled in this course and will lose it.}}',
  },
  deleteBody: {
    id: 'courseAdmin.deleteBody',
    defaultMessage: '“{title}” will be removed for good, together with its wishlist entries, enrolments and reviews.',
  },
});
