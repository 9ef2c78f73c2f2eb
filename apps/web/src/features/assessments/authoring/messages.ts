import { defineMessages } from '@/i18n/define-messages';

/**
 * The teacher's authoring of an assessment (issue 47, docs/i18n.md): a course's assessments, the new-assessment
 * dialog, the editor's header and tabs, the settings form and the prompt editor. The components stay in
 * `../components`; this folder holds their catalogue (assessments/messages.ts is the learner's and near its size limit).
 */
export const authoringMessages = defineMessages({
  // A course's assessments and the new-assessment dialog.
  newAssessmentIn: { id: 'assessmentAuthoring.newAssessmentIn', defaultMessage: 'New assessment in “{section}”' },
  close: { id: 'assessmentAuthoring.close', defaultMessage: 'Close' },
  titleRequired: { id: 'assessmentAuthoring.titleRequired', defaultMessage: 'Title is required' },
  createFailed: { id: 'assessmentAuthoring.createFailed', defaultMessage: 'The assessment could not be created' },
  kind: { id: 'assessmentAuthoring.kind', defaultMessage: 'Kind' },
  title: { id: 'assessmentAuthoring.title', defaultMessage: 'Title' },
  createdAsDraft: {
    id: 'assessmentAuthoring.createdAsDraft',
    defaultMessage: 'It is created as a draft at the end of the section; students see it once you publish it.',
  },
  cancel: { id: 'assessmentAuthoring.cancel', defaultMessage: 'Cancel' },
  createAndEdit: { id: 'assessmentAuthoring.createAndEdit', defaultMessage: 'Create and edit' },
  newAssessment: { id: 'assessmentAuthoring.newAssessment', defaultMessage: 'New assessment' },
  inSection: {
    id: 'assessmentAuthoring.inSection',
    defaultMessage: ' in {section}',
    description: 'Hidden after “New assessment” for screen readers; the section’s title as written.',
  },
  noAssessmentsInSection: {
    id: 'assessmentAuthoring.noAssessmentsInSection',
    defaultMessage: 'No assessments in this section yet.',
  },
  publishState: {
    id: 'assessmentAuthoring.publishState',
    defaultMessage: '{published, select, yes {Published} other {Draft}}',
  },
  edit: { id: 'assessmentAuthoring.edit', defaultMessage: 'Edit' },
  // The editor's header and tabs.
  counts: {
    id: 'assessmentAuthoring.counts',
    defaultMessage:
      '{questions, plural, one {# question} other {# questions}} · {attempts, plural, one {# attempt} other {# attempts}}',
  },
  published: { id: 'assessmentAuthoring.published', defaultMessage: 'Assessment published' },
  unpublished: { id: 'assessmentAuthoring.unpublished', defaultMessage: 'Assessment unpublished' },
  changedReload: {
    id: 'assessmentAuthoring.changedReload',
    defaultMessage: 'Someone changed this assessment since you opened it. Reload the page.',
  },
  publishFailed: { id: 'assessmentAuthoring.publishFailed', defaultMessage: 'The assessment could not be published' },
  publishAction: {
    id: 'assessmentAuthoring.publishAction',
    defaultMessage: '{published, select, yes {Unpublish} other {Publish}}',
    description: 'The button: Unpublish when the assessment is published, Publish when it is a draft.',
  },
  addQuestionsFirst: {
    id: 'assessmentAuthoring.addQuestionsFirst',
    defaultMessage: 'Add questions before you publish it.',
  },
  tabQuestions: { id: 'assessmentAuthoring.tabQuestions', defaultMessage: 'Questions' },
  tabSettings: { id: 'assessmentAuthoring.tabSettings', defaultMessage: 'Settings' },
  tabAttempts: { id: 'assessmentAuthoring.tabAttempts', defaultMessage: 'Attempts' },
  // The settings form.
  countingOption: {
    id: 'assessmentAuthoring.countingOption',
    defaultMessage: '{rule, select, highest {Highest score} latest {Latest attempt} other {Average of attempts}}',
  },
  completionOption: {
    id: 'assessmentAuthoring.completionOption',
    defaultMessage: '{rule, select, none {Not required} submitted {Once submitted} other {Once passed}}',
  },
  releaseOption: {
    id: 'assessmentAuthoring.releaseOption',
    defaultMessage:
      '{policy, select, immediately {Immediately after submitting} after_last_attempt {After the last attempt or the close date} after_due {After the due date} other {When the teacher releases them}}',
    description: 'When students see their score, the correct answers or the feedback.',
  },
  answerReleaseNote: {
    id: 'assessmentAuthoring.answerReleaseNote',
    defaultMessage:
      '{policy, select, immediately {Correct answers: students who may try again see them before their next attempt.} after_last_attempt {Correct answers: each student sees them once they have no attempts left, or when the assessment closes.} after_due {Correct answers: shown after the due date, even to students who may still hand in a late attempt before it closes.} other {Correct answers: shown when you release them on the Attempts tab.}}',
  },
  instructions: { id: 'assessmentAuthoring.instructions', defaultMessage: 'Instructions' },
  points: { id: 'assessmentAuthoring.points', defaultMessage: 'Points' },
  passingScore: { id: 'assessmentAuthoring.passingScore', defaultMessage: 'Passing score' },
  timeLimit: { id: 'assessmentAuthoring.timeLimit', defaultMessage: 'Time limit' },
  attemptsAllowed: { id: 'assessmentAuthoring.attemptsAllowed', defaultMessage: 'Attempts allowed' },
  opens: { id: 'assessmentAuthoring.opens', defaultMessage: 'Opens' },
  due: { id: 'assessmentAuthoring.due', defaultMessage: 'Due' },
  closes: { id: 'assessmentAuthoring.closes', defaultMessage: 'Closes' },
  latePenalty: { id: 'assessmentAuthoring.latePenalty', defaultMessage: 'Late penalty' },
  accessPassword: { id: 'assessmentAuthoring.accessPassword', defaultMessage: 'Access password' },
  settingsSaved: { id: 'assessmentAuthoring.settingsSaved', defaultMessage: 'Settings saved' },
  changedSeeTheirs: {
    id: 'assessmentAuthoring.changedSeeTheirs',
    defaultMessage: 'Someone changed this assessment since you opened it. Reload the page to see their changes.',
  },
  settingsSaveFailed: {
    id: 'assessmentAuthoring.settingsSaveFailed',
    defaultMessage: 'The settings could not be saved',
  },
  legendAbout: { id: 'assessmentAuthoring.legendAbout', defaultMessage: 'About' },
  legendGrading: { id: 'assessmentAuthoring.legendGrading', defaultMessage: 'Grading' },
  pointsHint: {
    id: 'assessmentAuthoring.pointsHint',
    defaultMessage: "The questions' points are scaled to this total.",
  },
  passingScorePercent: { id: 'assessmentAuthoring.passingScorePercent', defaultMessage: 'Passing score (%)' },
  whichAttemptCounts: { id: 'assessmentAuthoring.whichAttemptCounts', defaultMessage: 'Which attempt counts' },
  requiredForCompletion: {
    id: 'assessmentAuthoring.requiredForCompletion',
    defaultMessage: 'Required for course completion',
  },
  legendTime: { id: 'assessmentAuthoring.legendTime', defaultMessage: 'Time and attempts' },
  minutes: { id: 'assessmentAuthoring.minutes', defaultMessage: 'Minutes' },
  unlimitedAttempts: { id: 'assessmentAuthoring.unlimitedAttempts', defaultMessage: 'Unlimited attempts' },
  legendDates: { id: 'assessmentAuthoring.legendDates', defaultMessage: 'Dates' },
  datesHint: {
    id: 'assessmentAuthoring.datesHint',
    defaultMessage:
      'In your time zone ({timeZone}). Leave empty for none. Work handed in after the due date and before the close date is marked late.',
    description: 'timeZone is an IANA name such as Europe/Madrid.',
  },
  latePenaltyPerDay: { id: 'assessmentAuthoring.latePenaltyPerDay', defaultMessage: 'Late penalty (% per day)' },
  zeroForNone: { id: 'assessmentAuthoring.zeroForNone', defaultMessage: '0 for none.' },
  legendTaking: { id: 'assessmentAuthoring.legendTaking', defaultMessage: 'Taking it' },
  questionsAreShown: { id: 'assessmentAuthoring.questionsAreShown', defaultMessage: 'Questions are shown' },
  layoutAll: { id: 'assessmentAuthoring.layoutAll', defaultMessage: 'All on one page' },
  layoutOneAtATime: { id: 'assessmentAuthoring.layoutOneAtATime', defaultMessage: 'One at a time' },
  shuffleQuestions: {
    id: 'assessmentAuthoring.shuffleQuestions',
    defaultMessage: 'Shuffle the questions for each attempt',
  },
  shuffleChoices: {
    id: 'assessmentAuthoring.shuffleChoices',
    defaultMessage: 'Shuffle the choices of multiple-choice questions',
  },
  passwordState: {
    id: 'assessmentAuthoring.passwordState',
    defaultMessage: '({state, select, set {set} other {none}})',
    description: 'After “Access password”: whether one is set.',
  },
  changePassword: {
    id: 'assessmentAuthoring.changePassword',
    defaultMessage: '{has, select, yes {Change password} other {Set a password}}',
  },
  removePassword: { id: 'assessmentAuthoring.removePassword', defaultMessage: 'Remove password' },
  newAccessPassword: { id: 'assessmentAuthoring.newAccessPassword', defaultMessage: 'New access password' },
  passwordRemovedOnSave: {
    id: 'assessmentAuthoring.passwordRemovedOnSave',
    defaultMessage: 'The password is removed when you save.',
  },
  keepPassword: { id: 'assessmentAuthoring.keepPassword', defaultMessage: 'Keep it as it is' },
  legendRelease: { id: 'assessmentAuthoring.legendRelease', defaultMessage: 'What students see after submitting' },
  releaseWhat: {
    id: 'assessmentAuthoring.releaseWhat',
    defaultMessage: '{what, select, score {Their score} answers {The correct answers} other {The feedback}}',
  },
  anonymousGrading: { id: 'assessmentAuthoring.anonymousGrading', defaultMessage: 'Anonymous grading' },
  anonymousGradingHint: {
    id: 'assessmentAuthoring.anonymousGradingHint',
    defaultMessage:
      'Until you release the grades, graders see “Student 1”, “Student 2”… instead of names, and the gradebook hides this assessment’s scores.',
  },
  saveSettings: { id: 'assessmentAuthoring.saveSettings', defaultMessage: 'Save settings' },
  answersWarningTitle: {
    id: 'assessmentAuthoring.answersWarningTitle',
    defaultMessage: 'Students could use the correct answers',
  },
  saveAnyway: { id: 'assessmentAuthoring.saveAnyway', defaultMessage: 'Save anyway' },
  keepEditing: { id: 'assessmentAuthoring.keepEditing', defaultMessage: 'Keep editing' },
  toWait: {
    id: 'assessmentAuthoring.toWait',
    defaultMessage: 'To wait, choose “{option}” for the correct answers.',
  },
  // The prompt editor.
  prompt: { id: 'assessmentAuthoring.prompt', defaultMessage: 'Prompt' },
  formatting: {
    id: 'assessmentAuthoring.formatting',
    defaultMessage: '{label} formatting',
    description: 'The toolbar of a rich text field, named after the field: “Prompt formatting”.',
  },
});
