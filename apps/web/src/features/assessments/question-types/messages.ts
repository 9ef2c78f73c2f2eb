import { defineMessages } from '@/i18n/define-messages';

/**
 * The question types (features/assessments/question-types, docs/i18n.md): each type's player in an attempt and its
 * answer in a review, the right/wrong marks, and each type's editor in the teacher's question dialog.
 */
export const questionTypesMessages = defineMessages({
  markRight: { id: 'questionTypes.markRight', defaultMessage: 'Right' },
  markPartly: { id: 'questionTypes.markPartly', defaultMessage: 'Partly right' },
  markWrong: { id: 'questionTypes.markWrong', defaultMessage: 'Wrong' },
  markMissed: { id: 'questionTypes.markMissed', defaultMessage: 'Missed' },
  markDetail: {
    id: 'questionTypes.markDetail',
    defaultMessage: ': {detail}',
    description: 'After a mark, for screen readers only: “Wrong: blank 2”.',
  },
  noAnswer: { id: 'questionTypes.noAnswer', defaultMessage: 'No answer' },
  yourAnswer: { id: 'questionTypes.yourAnswer', defaultMessage: 'Your answer' },
  yourAnswerIn: { id: 'questionTypes.yourAnswerIn', defaultMessage: 'Your answer (in {unit})' },
  // Multiple choice.
  chooseEvery: { id: 'questionTypes.chooseEvery', defaultMessage: 'Choose every right answer' },
  chooseOne: { id: 'questionTypes.chooseOne', defaultMessage: 'Choose one answer' },
  chosen: { id: 'questionTypes.chosen', defaultMessage: 'Chosen: ' },
  notChosen: { id: 'questionTypes.notChosen', defaultMessage: 'Not chosen: ' },
  rightNotChosen: { id: 'questionTypes.rightNotChosen', defaultMessage: 'a right answer, not chosen' },
  // True / false.
  statementIs: { id: 'questionTypes.statementIs', defaultMessage: 'The statement is' },
  true: { id: 'questionTypes.true', defaultMessage: 'True' },
  false: { id: 'questionTypes.false', defaultMessage: 'False' },
  // Fill in the blank.
  blank: { id: 'questionTypes.blank', defaultMessage: 'Blank {number}' },
  blankHidden: { id: 'questionTypes.blankHidden', defaultMessage: 'Blank {number}: ' },
  blankDetail: { id: 'questionTypes.blankDetail', defaultMessage: 'blank {number}' },
  // Essay (and a task's text).
  words: { id: 'questionTypes.words', defaultMessage: '{count, plural, one {# word} other {# words}}' },
  wordsOf: { id: 'questionTypes.wordsOf', defaultMessage: '{count} of {limit} words' },
  wordsOver: {
    id: 'questionTypes.wordsOver',
    defaultMessage: '{count} of {limit} words: {over} over the limit',
  },
  answerFormatting: { id: 'questionTypes.answerFormatting', defaultMessage: 'Answer formatting' },
  filesOnly: { id: 'questionTypes.filesOnly', defaultMessage: 'This task takes files only.' },
  // Matching.
  chooseMatch: { id: 'questionTypes.chooseMatch', defaultMessage: 'Choose a match…' },
  chooseEachMatch: { id: 'questionTypes.chooseEachMatch', defaultMessage: 'Choose the match of each item.' },
  matchedWith: { id: 'questionTypes.matchedWith', defaultMessage: ' matched with ' },
  // Ordering.
  orderHelp: {
    id: 'questionTypes.orderHelp',
    defaultMessage: 'Put the items in the right order with the Move up and Move down buttons.',
  },
  position: { id: 'questionTypes.position', defaultMessage: 'Position {number}: ' },
  moveUp: { id: 'questionTypes.moveUp', defaultMessage: 'Move up: {item}' },
  moveDown: { id: 'questionTypes.moveDown', defaultMessage: 'Move down: {item}' },
  movedTo: { id: 'questionTypes.movedTo', defaultMessage: '{item} moved to position {position} of {count}.' },
  orderIsAnswer: { id: 'questionTypes.orderIsAnswer', defaultMessage: 'This order is your answer.' },
  keepOrder: { id: 'questionTypes.keepOrder', defaultMessage: 'Keep this order as my answer' },
  inPlace: { id: 'questionTypes.inPlace', defaultMessage: 'in its place' },
  notInPlace: { id: 'questionTypes.notInPlace', defaultMessage: 'not in its place' },
  // Description.
  description: { id: 'questionTypes.description', defaultMessage: 'Description' },
  // The types' names.
  typeName: {
    id: 'questionTypes.typeName',
    defaultMessage:
      '{type, select, multiple_choice {Multiple choice} true_false {True / false} fill_blank {Fill in the blank} short_answer {Short answer} essay {Essay} matching {Matching} ordering {Ordering} numeric {Numeric} task {Task (submission)} other {Description}}',
  },
  // The editors (the teacher's question dialog).
  mcMultiple: { id: 'questionTypes.mcMultiple', defaultMessage: 'Several answers may be right (checkboxes)' },
  mcMultipleHint: {
    id: 'questionTypes.mcMultipleHint',
    defaultMessage:
      'Each right choice chosen earns its share of the points; each wrong one chosen takes a share away (never below 0).',
  },
  mcSingleHint: { id: 'questionTypes.mcSingleHint', defaultMessage: 'Choose the one right answer.' },
  mcChoice: { id: 'questionTypes.mcChoice', defaultMessage: 'Choice {number}' },
  mcChoiceRight: { id: 'questionTypes.mcChoiceRight', defaultMessage: 'Choice {number} is right' },
  mcRemoveChoice: { id: 'questionTypes.mcRemoveChoice', defaultMessage: 'Remove choice {number}' },
  mcChoiceFeedback: {
    id: 'questionTypes.mcChoiceFeedback',
    defaultMessage: 'Feedback for choice {number} (optional)',
  },
  mcAddChoice: { id: 'questionTypes.mcAddChoice', defaultMessage: 'Add choice' },
  tfStatementIs: { id: 'questionTypes.tfStatementIs', defaultMessage: 'The statement in the prompt is' },
  fbSentence: { id: 'questionTypes.fbSentence', defaultMessage: 'Sentence' },
  fbSentenceHint: {
    id: 'questionTypes.fbSentenceHint',
    defaultMessage: 'Write [[1]], [[2]], … where the blanks go, in order.',
    description: 'Keep [[1]] and [[2]] as they are: the teacher types them into the sentence.',
  },
  fbBlank: { id: 'questionTypes.fbBlank', defaultMessage: 'Blank [[{number}]]' },
  acceptedAnswers: { id: 'questionTypes.acceptedAnswers', defaultMessage: 'Accepted answers' },
  enterAfterEachAnswer: { id: 'questionTypes.enterAfterEachAnswer', defaultMessage: 'Press Enter after each answer.' },
  caseMatters: { id: 'questionTypes.caseMatters', defaultMessage: 'Case matters' },
  accentsMatter: { id: 'questionTypes.accentsMatter', defaultMessage: 'Accents matter' },
  ignoreSpaces: { id: 'questionTypes.ignoreSpaces', defaultMessage: 'Ignore spaces around' },
  saGrading: { id: 'questionTypes.saGrading', defaultMessage: 'Grading' },
  saAuto: { id: 'questionTypes.saAuto', defaultMessage: 'Automatically, against accepted answers' },
  saManual: { id: 'questionTypes.saManual', defaultMessage: 'By a person' },
  essayWordLimit: { id: 'questionTypes.essayWordLimit', defaultMessage: 'Word limit' },
  essayWordLimitHint: {
    id: 'questionTypes.essayWordLimitHint',
    defaultMessage: 'Leave empty for no limit. Essays are always graded by a person.',
  },
  matchingRow: {
    id: 'questionTypes.matchingRow',
    defaultMessage: 'item {number}',
    description: 'Inside “Move … up”, “Move … down” and “Remove …” (rowMoveUp, rowMoveDown, rowRemove).',
  },
  matchingItem: { id: 'questionTypes.matchingItem', defaultMessage: 'Item {number}' },
  matchingItsMatch: { id: 'questionTypes.matchingItsMatch', defaultMessage: 'Its match' },
  matchingAddPair: { id: 'questionTypes.matchingAddPair', defaultMessage: 'Add pair' },
  matchingExtra: { id: 'questionTypes.matchingExtra', defaultMessage: 'Extra wrong matches (optional)' },
  enterAfterEach: { id: 'questionTypes.enterAfterEach', defaultMessage: 'Press Enter after each.' },
  orderingHint: {
    id: 'questionTypes.orderingHint',
    defaultMessage:
      'List the items in the right order. Each item a learner puts in its right place earns an equal share.',
  },
  orderingRow: {
    id: 'questionTypes.orderingRow',
    defaultMessage: 'position {number}',
    description: 'Inside “Move … up”, “Move … down” and “Remove …” (rowMoveUp, rowMoveDown, rowRemove).',
  },
  orderingPosition: { id: 'questionTypes.orderingPosition', defaultMessage: 'Position {number}' },
  orderingAddItem: { id: 'questionTypes.orderingAddItem', defaultMessage: 'Add item' },
  rowMoveUp: { id: 'questionTypes.rowMoveUp', defaultMessage: 'Move {row} up' },
  rowMoveDown: { id: 'questionTypes.rowMoveDown', defaultMessage: 'Move {row} down' },
  rowRemove: { id: 'questionTypes.rowRemove', defaultMessage: 'Remove {row}' },
  numUnit: { id: 'questionTypes.numUnit', defaultMessage: 'Unit (optional)' },
  numUnitHint: { id: 'questionTypes.numUnitHint', defaultMessage: "Shown beside the learner's field, e.g. m/s." },
  numAccepted: { id: 'questionTypes.numAccepted', defaultMessage: 'Accepted answer {number}' },
  numAcceptedKind: { id: 'questionTypes.numAcceptedKind', defaultMessage: 'Accepted answer {number} kind' },
  numValueTolerance: { id: 'questionTypes.numValueTolerance', defaultMessage: 'Value ± tolerance' },
  numRange: { id: 'questionTypes.numRange', defaultMessage: 'Range' },
  numFrom: { id: 'questionTypes.numFrom', defaultMessage: 'From' },
  numTo: { id: 'questionTypes.numTo', defaultMessage: 'To' },
  numValue: { id: 'questionTypes.numValue', defaultMessage: 'Value' },
  numTolerance: { id: 'questionTypes.numTolerance', defaultMessage: '± Tolerance' },
  numCredit: { id: 'questionTypes.numCredit', defaultMessage: 'Credit %' },
  numRemove: { id: 'questionTypes.numRemove', defaultMessage: 'Remove accepted answer {number}' },
  numAdd: { id: 'questionTypes.numAdd', defaultMessage: 'Add accepted answer' },
  taskIntro: {
    id: 'questionTypes.taskIntro',
    defaultMessage: 'The student hands in a written answer and/or files. Tasks are always graded by a person.',
  },
  taskText: { id: 'questionTypes.taskText', defaultMessage: 'Written answer (rich text)' },
  taskFiles: { id: 'questionTypes.taskFiles', defaultMessage: 'Allow files' },
  taskMaxFiles: { id: 'questionTypes.taskMaxFiles', defaultMessage: 'Max files' },
  taskMaxFilesHint: {
    id: 'questionTypes.taskMaxFilesHint',
    defaultMessage: 'PDF, images, office files or text; 20 MB each',
  },
  descriptionEditor: {
    id: 'questionTypes.descriptionEditor',
    defaultMessage:
      'A description is text shown between questions. It asks nothing, takes no answer and is worth 0 points; it is not numbered or counted as a question.',
  },
});
