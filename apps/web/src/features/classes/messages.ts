import { defineMessages } from '@/i18n/define-messages';

/**
 * A class as its teacher runs it (features/classes, docs/i18n.md). Converted so far: the assignments panel (assign,
 * edit, who turned it in, withdraw).
 */
export const classesMessages = defineMessages({
  opensOptional: { id: 'classes.opensOptional', defaultMessage: 'Opens (optional)' },
  due: { id: 'classes.due', defaultMessage: 'Due' },
  closesOptional: { id: 'classes.closesOptional', defaultMessage: 'Closes (optional)' },
  pastDueTitle: { id: 'classes.pastDueTitle', defaultMessage: 'This due date has already passed' },
  pastDueBody: {
    id: 'classes.pastDueBody',
    defaultMessage:
      'Learners who have not done the work yet will show as missing at once. Learners who join the class later will not.',
  },
  assignTo: { id: 'classes.assignTo', defaultMessage: 'Assign to' },
  wholeClass: { id: 'classes.wholeClass', defaultMessage: 'The whole class' },
  chosenLearners: { id: 'classes.chosenLearners', defaultMessage: 'Chosen learners' },
  learners: { id: 'classes.learners', defaultMessage: 'Learners' },
  chooseItem: { id: 'classes.chooseItem', defaultMessage: 'Choose what to assign' },
  chooseLearner: { id: 'classes.chooseLearner', defaultMessage: 'Choose at least one learner' },
  itemOption: {
    id: 'classes.itemOption',
    defaultMessage: '{kind, select, lesson {Read} other {Assessment}}: {title}',
    description: 'An item in the "What to assign" list: a lesson to read or an assessment, then its title.',
  },
  workAssigned: { id: 'classes.workAssigned', defaultMessage: 'Work assigned' },
  assignFailed: { id: 'classes.assignFailed', defaultMessage: 'The work could not be assigned' },
  assignWork: { id: 'classes.assignWork', defaultMessage: 'Assign work' },
  whatToAssign: { id: 'classes.whatToAssign', defaultMessage: 'What to assign' },
  whatToAssignPlaceholder: {
    id: 'classes.whatToAssignPlaceholder',
    defaultMessage:
      '{hasItems, select, yes {Choose a lesson or an assessment} other {The class’s courses have no items yet}}',
  },
  noItemOfThatName: { id: 'classes.noItemOfThatName', defaultMessage: 'No item of that name' },
  cancel: { id: 'classes.cancel', defaultMessage: 'Cancel' },
  assign: { id: 'classes.assign', defaultMessage: 'Assign' },
  editTitle: { id: 'classes.editTitle', defaultMessage: 'Edit {title}' },
  close: { id: 'classes.close', defaultMessage: 'Close' },
  loadingLearners: { id: 'classes.loadingLearners', defaultMessage: 'Loading the learners…' },
  changesSaved: { id: 'classes.changesSaved', defaultMessage: '{title}: changes saved' },
  changeFailed: { id: 'classes.changeFailed', defaultMessage: 'The assignment could not be changed' },
  editNote: {
    id: 'classes.editNote',
    defaultMessage: '{course}. Learners it newly reaches are told, as for new work.',
  },
  saveChanges: { id: 'classes.saveChanges', defaultMessage: 'Save changes' },
  listName: {
    id: 'classes.listName',
    defaultMessage: '{status, select, turnedIn {Turned in} missing {Missing} other {Assigned}}',
  },
  listPages: {
    id: 'classes.listPages',
    defaultMessage: '{status, select, turnedIn {Turned in} missing {Missing} other {Assigned}} pages',
  },
  listTab: {
    id: 'classes.listTab',
    defaultMessage: '{status, select, turnedIn {Turned in} missing {Missing} other {Assigned}} ({count, number})',
  },
  listLoadFailed: { id: 'classes.listLoadFailed', defaultMessage: 'This list could not be loaded' },
  loading: { id: 'classes.loading', defaultMessage: 'Loading…' },
  listEmpty: {
    id: 'classes.listEmpty',
    defaultMessage:
      '{status, select, turnedIn {Nobody has turned it in yet.} missing {Nobody is missing it.} other {Nobody is waiting to do it.}}',
  },
  turnedInAt: {
    id: 'classes.turnedInAt',
    defaultMessage: '{kind, select, lesson {Done} other {Submitted}} {date}',
  },
  dueAt: { id: 'classes.dueAt', defaultMessage: 'Due {date}' },
  joinedAfterDue: { id: 'classes.joinedAfterDue', defaultMessage: 'Joined after the due date' },
  noDueDate: { id: 'classes.noDueDate', defaultMessage: 'No due date' },
  late: { id: 'classes.late', defaultMessage: 'Late' },
  whoTurnedIn: { id: 'classes.whoTurnedIn', defaultMessage: 'Who turned in {title}' },
  whoTurnedItIn: { id: 'classes.whoTurnedItIn', defaultMessage: 'Who turned it in' },
  kindBadge: { id: 'classes.kindBadge', defaultMessage: '{kind, select, lesson {Reading} other {Assessment}}' },
  chosenCount: {
    id: 'classes.chosenCount',
    defaultMessage: '{count, plural, one {# chosen learner} other {# chosen learners}}',
  },
  courseAndDue: {
    id: 'classes.courseAndDue',
    defaultMessage: '{course} · {hasDue, select, yes {due {date}} other {no due date}}',
  },
  counts: {
    id: 'classes.counts',
    defaultMessage:
      '{done, number} of {total, number} {kind, select, lesson {done} other {submitted}} · {late, number} late · {missing, number} missing{accommodated, plural, =0 {} other { · # with accommodations}}',
  },
  accommodationsOn: { id: 'classes.accommodationsOn', defaultMessage: 'Accommodations on {title}' },
  accommodationEntry: {
    id: 'classes.accommodationEntry',
    defaultMessage: '{name}: {text}{own, select, yes { (this assignment)} other {}}',
  },
  andMore: { id: 'classes.andMore', defaultMessage: 'and {count, number} more (see the roster)' },
  edit: { id: 'classes.edit', defaultMessage: 'Edit' },
  accommodation: { id: 'classes.accommodation', defaultMessage: 'Accommodation' },
  accommodationOn: { id: 'classes.accommodationOn', defaultMessage: 'Accommodation on {title}' },
  withdraw: { id: 'classes.withdraw', defaultMessage: 'Withdraw' },
  withdrawTitle: { id: 'classes.withdrawTitle', defaultMessage: 'Withdraw {title}' },
  assignmentsLoadFailed: { id: 'classes.assignmentsLoadFailed', defaultMessage: 'The assignments could not be loaded' },
  loadingAssignments: { id: 'classes.loadingAssignments', defaultMessage: 'Loading the assignments…' },
  nothingAssigned: { id: 'classes.nothingAssigned', defaultMessage: 'Nothing assigned yet.' },
  assignmentPages: { id: 'classes.assignmentPages', defaultMessage: 'Assignment pages' },
  withdrawQuestion: { id: 'classes.withdrawQuestion', defaultMessage: 'Withdraw this assignment?' },
  withdrawFailed: { id: 'classes.withdrawFailed', defaultMessage: 'The assignment could not be withdrawn' },
  withdrawBody: {
    id: 'classes.withdrawBody',
    defaultMessage: 'It leaves the learners’ to-do lists. Their completed work is kept.',
  },
});
