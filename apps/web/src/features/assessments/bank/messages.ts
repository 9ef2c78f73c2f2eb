import { defineMessages } from '@/i18n/define-messages';

/**
 * A course's question bank for its teacher (issue 47, docs/i18n.md): the list and its filters, the question dialog and
 * the GIFT import. The components stay in `../components`; this folder holds their catalogue.
 */
export const bankMessages = defineMessages({
  // The list.
  delete: { id: 'questionBank.delete', defaultMessage: 'Delete' },
  deleteNamed: { id: 'questionBank.deleteNamed', defaultMessage: 'Delete {title}' },
  deleteTitle: { id: 'questionBank.deleteTitle', defaultMessage: 'Delete this question?' },
  deleted: { id: 'questionBank.deleted', defaultMessage: 'Question deleted' },
  deleteFailed: { id: 'questionBank.deleteFailed', defaultMessage: 'The question could not be deleted' },
  leavesBank: { id: 'questionBank.leavesBank', defaultMessage: '“{title}” leaves the bank for good.' },
  exportFailed: { id: 'questionBank.exportFailed', defaultMessage: 'The export failed' },
  newQuestion: { id: 'questionBank.newQuestion', defaultMessage: 'New question' },
  importGift: { id: 'questionBank.importGift', defaultMessage: 'Import GIFT' },
  exportGift: { id: 'questionBank.exportGift', defaultMessage: 'Export GIFT' },
  filterQuestions: { id: 'questionBank.filterQuestions', defaultMessage: 'Filter questions' },
  type: { id: 'questionBank.type', defaultMessage: 'Type' },
  allTypes: { id: 'questionBank.allTypes', defaultMessage: 'All types' },
  tag: { id: 'questionBank.tag', defaultMessage: 'Tag' },
  searchTitles: { id: 'questionBank.searchTitles', defaultMessage: 'Search titles' },
  loadingQuestions: { id: 'questionBank.loadingQuestions', defaultMessage: 'Loading questions' },
  loadFailed: { id: 'questionBank.loadFailed', defaultMessage: 'The question bank could not be loaded' },
  noMatch: { id: 'questionBank.noMatch', defaultMessage: 'No question matches these filters' },
  noQuestionsYet: { id: 'questionBank.noQuestionsYet', defaultMessage: 'No questions yet' },
  addOrImport: { id: 'questionBank.addOrImport', defaultMessage: 'Add a question or import a GIFT file.' },
  questionCount: {
    id: 'questionBank.questionCount',
    defaultMessage: '{count, plural, one {# question} other {# questions}}',
  },
  title: { id: 'questionBank.title', defaultMessage: 'Title' },
  points: { id: 'questionBank.points', defaultMessage: 'Points' },
  tags: { id: 'questionBank.tags', defaultMessage: 'Tags' },
  changed: { id: 'questionBank.changed', defaultMessage: 'Changed' },
  actions: { id: 'questionBank.actions', defaultMessage: 'Actions' },
  edit: { id: 'questionBank.edit', defaultMessage: 'Edit' },
  editNamed: { id: 'questionBank.editNamed', defaultMessage: 'Edit {title}' },
  pages: { id: 'questionBank.pages', defaultMessage: 'Question bank pages' },
  // The question dialog.
  savedRegraded: {
    id: 'questionBank.savedRegraded',
    defaultMessage:
      '{count, plural, =0 {Question saved} one {Question saved: # attempt regraded} other {Question saved: # attempts regraded}}',
    description: 'A change to the key, content or points regrades the submitted attempts; count says how many.',
  },
  added: { id: 'questionBank.added', defaultMessage: 'Question added' },
  notSaved: { id: 'questionBank.notSaved', defaultMessage: 'The question was not saved' },
  tryAgain: { id: 'questionBank.tryAgain', defaultMessage: 'Please try again.' },
  typeStays: { id: 'questionBank.typeStays', defaultMessage: 'The type of a saved question stays.' },
  tagsHint: { id: 'questionBank.tagsHint', defaultMessage: 'Press Enter after each tag.' },
  hint: { id: 'questionBank.hint', defaultMessage: 'Hint (optional)' },
  feedbackEveryone: { id: 'questionBank.feedbackEveryone', defaultMessage: 'Feedback for everyone (optional)' },
  feedbackRight: { id: 'questionBank.feedbackRight', defaultMessage: 'Feedback when right' },
  feedbackWrong: { id: 'questionBank.feedbackWrong', defaultMessage: 'Feedback when wrong' },
  cancel: { id: 'questionBank.cancel', defaultMessage: 'Cancel' },
  saveQuestion: {
    id: 'questionBank.saveQuestion',
    defaultMessage: '{editing, select, yes {Save question} other {Add question}}',
  },
  dialogTitle: {
    id: 'questionBank.dialogTitle',
    defaultMessage: '{editing, select, yes {Edit question} other {New question}}',
  },
  close: { id: 'questionBank.close', defaultMessage: 'Close' },
  loadingQuestion: { id: 'questionBank.loadingQuestion', defaultMessage: 'Loading the question' },
  questionLoadFailed: { id: 'questionBank.questionLoadFailed', defaultMessage: 'The question could not be loaded' },
  // The GIFT import.
  questionsFound: {
    id: 'questionBank.questionsFound',
    defaultMessage: '{count, plural, one {# question} other {# questions}} found',
  },
  alreadyInCourseBank: { id: 'questionBank.alreadyInCourseBank', defaultMessage: "Already in this course's bank" },
  duplicatesWarning: {
    id: 'questionBank.duplicatesWarning',
    defaultMessage:
      "{scope, select, all {{count, plural, one {This question is} other {All # questions are}}} other {{count, plural, one {# question of {total} is} other {# questions of {total} are}}}} already in this course's bank, with the same type and text. Importing adds {count, plural, one {it} other {them}} again: check that you are not importing the same file twice.",
    description: 'scope is “all” when every question found is already in the bank; count is how many are.',
  },
  line: { id: 'questionBank.line', defaultMessage: 'Line' },
  alreadyInBank: { id: 'questionBank.alreadyInBank', defaultMessage: 'Already in the bank' },
  notes: { id: 'questionBank.notes', defaultMessage: '{count, plural, one {# note} other {# notes}}' },
  partsRefused: {
    id: 'questionBank.partsRefused',
    defaultMessage: '{count, plural, one {# part} other {# parts}} refused',
  },
  lineNumber: { id: 'questionBank.lineNumber', defaultMessage: 'Line {line}:' },
  writing: { id: 'questionBank.writing', defaultMessage: 'Writing questions: {written} of {total}' },
  startingImport: { id: 'questionBank.startingImport', defaultMessage: 'Starting the import…' },
  imported: {
    id: 'questionBank.imported',
    defaultMessage: '{count, plural, one {# question} other {# questions}} imported',
  },
  importTitle: { id: 'questionBank.importTitle', defaultMessage: 'Import GIFT questions' },
  giftFile: { id: 'questionBank.giftFile', defaultMessage: 'GIFT file' },
  giftFileHint: {
    id: 'questionBank.giftFileHint',
    defaultMessage: "Moodle's plain-text question format (.gift or .txt), at most 1 MB.",
  },
  chooseFile: { id: 'questionBank.chooseFile', defaultMessage: 'Choose a file' },
  tooLarge: { id: 'questionBank.tooLarge', defaultMessage: 'The file is larger than 1 MB' },
  removeFile: { id: 'questionBank.removeFile', defaultMessage: 'Remove the chosen file' },
  readFailed: { id: 'questionBank.readFailed', defaultMessage: 'The file could not be read' },
  importStopped: { id: 'questionBank.importStopped', defaultMessage: 'The import stopped' },
  written: {
    id: 'questionBank.written',
    defaultMessage: '{count, plural, one {# question} other {# questions}} of {total} were written.',
  },
  importCount: {
    id: 'questionBank.importCount',
    defaultMessage: 'Import {count, plural, one {# question} other {# questions}}',
  },
  preview: { id: 'questionBank.preview', defaultMessage: 'Preview' },
});
