import { defineMessages } from '@/i18n/define-messages';

/**
 * The question types as a learner meets them (features/assessments/question-types, docs/i18n.md): each type's player
 * in an attempt and its answer in a review, and the right/wrong marks. The teacher's editors are still English.
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
});
