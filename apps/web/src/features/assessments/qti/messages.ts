import { defineMessages } from '@/i18n/define-messages';

/** The QTI import and export of a course's question bank (issue 50.4, ADR 064). */
export const qtiMessages = defineMessages({
  importQti: { id: 'qtiImport.importQti', defaultMessage: 'Import QTI' },
  exportQti: { id: 'qtiImport.exportQti', defaultMessage: 'Export QTI' },
  exportFailed: { id: 'qtiImport.exportFailed', defaultMessage: 'The QTI export failed' },
  title: { id: 'qtiImport.title', defaultMessage: 'Import QTI questions' },
  file: { id: 'qtiImport.file', defaultMessage: 'QTI file' },
  fileHint: {
    id: 'qtiImport.fileHint',
    defaultMessage: 'One QTI 2.1 or 3.0 item (.xml) or a content package (.zip with imsmanifest.xml), at most 20 MB.',
  },
  tooLarge: { id: 'qtiImport.tooLarge', defaultMessage: 'The file is larger than 20 MB.' },
  found: {
    id: 'qtiImport.found',
    defaultMessage: '{count, plural, =0 {No questions found} one {# question found} other {# questions found}}',
  },
  file_: { id: 'qtiImport.fileColumn', defaultMessage: 'File' },
  type: { id: 'qtiImport.type', defaultMessage: 'Type' },
  questionTitle: { id: 'qtiImport.questionTitle', defaultMessage: 'Title' },
  alreadyInBank: { id: 'qtiImport.alreadyInBank', defaultMessage: 'Already in the bank' },
  refused: {
    id: 'qtiImport.refused',
    defaultMessage: '{count, plural, one {# item refused} other {# items refused}}',
  },
  notes: { id: 'qtiImport.notes', defaultMessage: '{count, plural, one {# note} other {# notes}}' },
  importCount: {
    id: 'qtiImport.importCount',
    defaultMessage: '{count, plural, one {Import # question} other {Import # questions}}',
  },
  imported: {
    id: 'qtiImport.imported',
    defaultMessage: '{count, plural, one {# question imported} other {# questions imported}}',
  },
});
