import { defineMessages } from '@/i18n/define-messages';

/**
 * The teacher's curriculum editor (features/curriculum/editor, issue 47, docs/i18n.md): the outline with its sections
 * and lessons, their dialogs, the drag-and-drop announcements and the lesson editor. Durations and item counts are
 * the curriculum catalogue's (useCurriculumText).
 */
export const curriculumEditorMessages = defineMessages({
  // The outline.
  loadFailed: { id: 'curriculumEditor.loadFailed', defaultMessage: 'The curriculum could not be loaded' },
  sectionMoveFailed: { id: 'curriculumEditor.sectionMoveFailed', defaultMessage: 'The section could not be moved' },
  lessonMoveFailed: { id: 'curriculumEditor.lessonMoveFailed', defaultMessage: 'The lesson could not be moved' },
  sequentialToast: {
    id: 'curriculumEditor.sequentialToast',
    defaultMessage: '{on, select, yes {Sequential mode is on} other {Sequential mode is off}}',
  },
  settingFailed: { id: 'curriculumEditor.settingFailed', defaultMessage: 'The setting could not be saved' },
  sequentialMode: { id: 'curriculumEditor.sequentialMode', defaultMessage: 'Sequential mode' },
  sequentialHint: {
    id: 'curriculumEditor.sequentialHint',
    defaultMessage: 'Students open each lesson once the required lessons before it are complete.',
  },
  summary: {
    id: 'curriculumEditor.summary',
    defaultMessage: '{sections, plural, one {# section} other {# sections}} · {items} · {duration}',
    description: 'items: “2 lessons · 1 assessment”; duration: “1 h 25 min”.',
  },
  lessonsPublished: {
    id: 'curriculumEditor.lessonsPublished',
    defaultMessage: '{count, plural, one {# lesson published} other {# lessons published}}',
  },
  publishFailed: { id: 'curriculumEditor.publishFailed', defaultMessage: 'Some lessons could not be published' },
  publishAll: { id: 'curriculumEditor.publishAll', defaultMessage: 'Publish all drafts ({count})' },
  noSections: {
    id: 'curriculumEditor.noSections',
    defaultMessage: 'No sections yet. Add the first one below, then its lessons.',
  },
  sections: { id: 'curriculumEditor.sections', defaultMessage: 'Sections' },
  sectionLabel: {
    id: 'curriculumEditor.sectionLabel',
    defaultMessage: 'section “{title}”',
    description: 'How a section is named inside “Move …”, “Picked up …”.',
  },
  lessonLabel: {
    id: 'curriculumEditor.lessonLabel',
    defaultMessage: 'lesson “{title}”',
    description: 'How a lesson is named inside “Move …”, “Picked up …”.',
  },
  noun: {
    id: 'curriculumEditor.noun',
    defaultMessage: '{noun, select, section {section} other {lesson}}',
    description: 'A row of the list, when its own name is not known (drag-and-drop announcements).',
  },
  duplicated: { id: 'curriculumEditor.duplicated', defaultMessage: '“{title}” added as a draft' },
  duplicateFailed: { id: 'curriculumEditor.duplicateFailed', defaultMessage: 'The lesson could not be duplicated' },
  toggled: {
    id: 'curriculumEditor.toggled',
    defaultMessage: '“{title}” is {published, select, yes {published} other {a draft again}}',
  },
  toggleFailed: { id: 'curriculumEditor.toggleFailed', defaultMessage: 'The lesson could not be changed' },
  sectionAddFailed: { id: 'curriculumEditor.sectionAddFailed', defaultMessage: 'The section could not be added' },
  // Delete and move dialogs.
  deleted: {
    id: 'curriculumEditor.deleted',
    defaultMessage: '{kind, select, section {Section “{title}” deleted} other {Lesson “{title}” deleted}}',
  },
  deleteFailed: { id: 'curriculumEditor.deleteFailed', defaultMessage: 'It could not be deleted' },
  deleteTitle: {
    id: 'curriculumEditor.deleteTitle',
    defaultMessage: '{kind, select, section {Delete this section?} other {Delete this lesson?}}',
  },
  deleteSection: { id: 'curriculumEditor.deleteSection', defaultMessage: 'Delete section' },
  deleteLesson: { id: 'curriculumEditor.deleteLesson', defaultMessage: 'Delete lesson' },
  deleteSectionBody: {
    id: 'curriculumEditor.deleteSectionBody',
    defaultMessage:
      "“{title}” and its {count, plural, one {# lesson} other {# lessons}} will be deleted, with their attachments and the students' completions of them. This cannot be undone.",
  },
  deleteLessonBody: {
    id: 'curriculumEditor.deleteLessonBody',
    defaultMessage:
      "“{title}” will be deleted, with its attachments and the students' completions of it. This cannot be undone.",
  },
  movedTo: { id: 'curriculumEditor.movedTo', defaultMessage: '“{title}” moved to “{section}”' },
  moveToSection: { id: 'curriculumEditor.moveToSection', defaultMessage: 'Move to another section' },
  close: { id: 'curriculumEditor.close', defaultMessage: 'Close' },
  goesToEnd: {
    id: 'curriculumEditor.goesToEnd',
    defaultMessage: '“{title}” goes to the end of the section you choose.',
  },
  section: { id: 'curriculumEditor.section', defaultMessage: 'Section' },
  cancel: { id: 'curriculumEditor.cancel', defaultMessage: 'Cancel' },
  moveLesson: { id: 'curriculumEditor.moveLesson', defaultMessage: 'Move lesson' },
  // A section's card.
  sectionNumber: { id: 'curriculumEditor.sectionNumber', defaultMessage: 'Section {number}:' },
  sectionActions: { id: 'curriculumEditor.sectionActions', defaultMessage: 'Actions for section “{title}”' },
  renameSection: { id: 'curriculumEditor.renameSection', defaultMessage: 'Rename section' },
  lessonsOfSection: { id: 'curriculumEditor.lessonsOfSection', defaultMessage: 'Lessons of section {title}' },
  state: { id: 'curriculumEditor.state', defaultMessage: '{published, select, yes {Published} other {Draft}}' },
  freePreview: { id: 'curriculumEditor.freePreview', defaultMessage: 'Free preview' },
  lessonActions: { id: 'curriculumEditor.lessonActions', defaultMessage: 'Actions for lesson “{title}”' },
  editLesson: { id: 'curriculumEditor.editLesson', defaultMessage: 'Edit lesson' },
  togglePublish: {
    id: 'curriculumEditor.togglePublish',
    defaultMessage: '{published, select, yes {Unpublish (back to draft)} other {Publish}}',
  },
  duplicate: { id: 'curriculumEditor.duplicate', defaultMessage: 'Duplicate' },
  noLessons: { id: 'curriculumEditor.noLessons', defaultMessage: 'No lessons in this section yet.' },
  lessonTitleRequired: { id: 'curriculumEditor.lessonTitleRequired', defaultMessage: 'Enter a title for the lesson' },
  lessonAddFailed: { id: 'curriculumEditor.lessonAddFailed', defaultMessage: 'The lesson could not be added' },
  newLessonIn: { id: 'curriculumEditor.newLessonIn', defaultMessage: 'New lesson title in section {title}' },
  newLessonTitle: { id: 'curriculumEditor.newLessonTitle', defaultMessage: 'New lesson title' },
  addLesson: { id: 'curriculumEditor.addLesson', defaultMessage: 'Add lesson' },
  // Adding and renaming a section.
  sectionTitleRequired: {
    id: 'curriculumEditor.sectionTitleRequired',
    defaultMessage: 'Enter a title for the section',
  },
  addASection: { id: 'curriculumEditor.addASection', defaultMessage: 'Add a section' },
  sectionTitle: { id: 'curriculumEditor.sectionTitle', defaultMessage: 'Section title' },
  summaryLabel: { id: 'curriculumEditor.summaryLabel', defaultMessage: 'Summary' },
  summaryHint: { id: 'curriculumEditor.summaryHint', defaultMessage: 'Optional: what this section covers.' },
  addSection: { id: 'curriculumEditor.addSection', defaultMessage: 'Add section' },
  sectionSaved: { id: 'curriculumEditor.sectionSaved', defaultMessage: 'Section saved' },
  sectionSaveFailed: { id: 'curriculumEditor.sectionSaveFailed', defaultMessage: 'The section could not be saved' },
  savedElsewhere: { id: 'curriculumEditor.savedElsewhere', defaultMessage: 'Saved elsewhere first' },
  reloadTheirs: { id: 'curriculumEditor.reloadTheirs', defaultMessage: 'Reload their version' },
  saveSection: { id: 'curriculumEditor.saveSection', defaultMessage: 'Save section' },
  // Drag and drop (handles and what a screen reader hears).
  dragInstructions: {
    id: 'curriculumEditor.dragInstructions',
    defaultMessage:
      'To move this, press Space or Enter to pick it up, then the Up and Down arrow keys to move it, Space or Enter again to drop it in its new place, or Escape to cancel.',
  },
  moveHandle: { id: 'curriculumEditor.moveHandle', defaultMessage: 'Move {label}' },
  pickedUp: {
    id: 'curriculumEditor.pickedUp',
    defaultMessage: 'Picked up {label}. It is in position {position} of {total}.',
  },
  movedPosition: {
    id: 'curriculumEditor.movedPosition',
    defaultMessage: '{label} moved to position {position} of {total}.',
  },
  notOver: { id: 'curriculumEditor.notOver', defaultMessage: '{label} is no longer over a place in the list.' },
  dropped: { id: 'curriculumEditor.dropped', defaultMessage: '{label} dropped in position {position} of {total}.' },
  droppedStays: {
    id: 'curriculumEditor.droppedStays',
    defaultMessage: '{label} dropped. It stays in position {position} of {total}.',
  },
  cancelled: {
    id: 'curriculumEditor.cancelled',
    defaultMessage: 'Moving cancelled. {label} is back in position {position} of {total}.',
  },
  // The lesson editor.
  lessonLoadFailed: { id: 'curriculumEditor.lessonLoadFailed', defaultMessage: 'The lesson could not be loaded' },
  lessonSaveFailed: { id: 'curriculumEditor.lessonSaveFailed', defaultMessage: 'The lesson could not be saved' },
  uploadFailed: { id: 'curriculumEditor.uploadFailed', defaultMessage: 'The file could not be uploaded' },
  removeFailed: { id: 'curriculumEditor.removeFailed', defaultMessage: 'The attachment could not be removed' },
  unsavedWhat: { id: 'curriculumEditor.unsavedWhat', defaultMessage: 'your changes to this lesson' },
  saveNow: { id: 'curriculumEditor.saveNow', defaultMessage: 'Save now' },
  conflictText: {
    id: 'curriculumEditor.conflictText',
    defaultMessage:
      'Your changes are still here and have not been saved. Load the other version (your changes are dropped) or keep yours (it replaces the other version).',
    description: 'After the server’s own sentence about the other save.',
  },
  loadTheirs: { id: 'curriculumEditor.loadTheirs', defaultMessage: 'Load the other version' },
  keepMine: { id: 'curriculumEditor.keepMine', defaultMessage: 'Keep my version' },
  lessonTitle: { id: 'curriculumEditor.lessonTitle', defaultMessage: 'Lesson title' },
  loadingEditor: { id: 'curriculumEditor.loadingEditor', defaultMessage: 'Loading the editor…' },
  lessonContent: { id: 'curriculumEditor.lessonContent', defaultMessage: 'Lesson content' },
  lessonContentHint: {
    id: 'curriculumEditor.lessonContentHint',
    defaultMessage: 'Text, headings, lists, links, code blocks and images. Changes save themselves.',
  },
  imageUploadFailed: { id: 'curriculumEditor.imageUploadFailed', defaultMessage: 'The image could not be uploaded' },
  videoLink: { id: 'curriculumEditor.videoLink', defaultMessage: 'Video link' },
  videoHint: { id: 'curriculumEditor.videoHint', defaultMessage: 'Optional: a YouTube or Vimeo address.' },
  duration: { id: 'curriculumEditor.duration', defaultMessage: 'Duration (minutes)' },
  durationRange: { id: 'curriculumEditor.durationRange', defaultMessage: 'Between 0 and {max}' },
  previewHint: { id: 'curriculumEditor.previewHint', defaultMessage: 'Anyone may open it, enrolled or not.' },
  stateLabel: { id: 'curriculumEditor.stateLabel', defaultMessage: 'State' },
  stateHint: {
    id: 'curriculumEditor.stateHint',
    defaultMessage: 'Students see a lesson once it is published (and the course is).',
  },
  attachments: { id: 'curriculumEditor.attachments', defaultMessage: 'Attachments' },
  attachmentsHint: {
    id: 'curriculumEditor.attachmentsHint',
    defaultMessage: 'PDF, images or office files, up to 20 MB each. Students download them from the lesson.',
  },
  removeNamed: { id: 'curriculumEditor.removeNamed', defaultMessage: 'Remove {name}' },
  notUploaded: { id: 'curriculumEditor.notUploaded', defaultMessage: 'Not uploaded' },
  uploadAttachment: { id: 'curriculumEditor.uploadAttachment', defaultMessage: 'Upload attachment' },
  removeAttachmentTitle: { id: 'curriculumEditor.removeAttachmentTitle', defaultMessage: 'Remove this attachment?' },
  remove: { id: 'curriculumEditor.remove', defaultMessage: 'Remove' },
  removedFromLesson: {
    id: 'curriculumEditor.removedFromLesson',
    defaultMessage: '“{name}” will be removed from the lesson.',
  },
  saving: { id: 'curriculumEditor.saving', defaultMessage: 'Saving…' },
  notSavedConflict: { id: 'curriculumEditor.notSavedConflict', defaultMessage: 'Not saved: someone else saved first' },
  notSavedError: { id: 'curriculumEditor.notSavedError', defaultMessage: 'Not saved: {message}' },
  notSavedInvalid: { id: 'curriculumEditor.notSavedInvalid', defaultMessage: 'Not saved: fix the marked fields' },
  unsavedChanges: { id: 'curriculumEditor.unsavedChanges', defaultMessage: 'Unsaved changes' },
  allSavedAt: { id: 'curriculumEditor.allSavedAt', defaultMessage: 'All changes saved at {time}' },
  noChanges: { id: 'curriculumEditor.noChanges', defaultMessage: 'No changes' },
  // The lesson body's toolbar.
  heading: { id: 'curriculumEditor.heading', defaultMessage: 'Heading {level}' },
  codeBlock: { id: 'curriculumEditor.codeBlock', defaultMessage: 'Code block' },
  insertImage: { id: 'curriculumEditor.insertImage', defaultMessage: 'Insert image' },
  formatting: { id: 'curriculumEditor.formatting', defaultMessage: '{label} formatting' },
});
