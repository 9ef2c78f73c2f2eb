import { defineMessages } from '@/i18n/define-messages';

/**
 * Assessments as a student meets them (features/assessments, docs/i18n.md): the dashboard's review card, the quiz's
 * start page, the attempt player, the review and every question type. The teacher's editors are still English.
 */
export const assessmentsMessages = defineMessages({
  reviewToday: {
    id: 'assessments.reviewToday',
    defaultMessage: '{count, plural, =0 {Nothing to review today} other {# to review today}}',
  },
  notebookHolds: {
    id: 'assessments.notebookHolds',
    defaultMessage:
      'Your mistake notebook holds {total, plural, one {# question} other {# questions}}; practice is never graded.',
  },
  practiseNow: { id: 'assessments.practiseNow', defaultMessage: 'Practise now' },
  // Kinds and counting rules, as a student reads them.
  kindQuiz: { id: 'assessments.kindQuiz', defaultMessage: 'Quiz' },
  kindExam: { id: 'assessments.kindExam', defaultMessage: 'Exam' },
  kindAssignment: { id: 'assessments.kindAssignment', defaultMessage: 'Assignment' },
  countingHighest: { id: 'assessments.countingHighest', defaultMessage: 'Your highest score counts' },
  countingLatest: { id: 'assessments.countingLatest', defaultMessage: 'Your latest attempt counts' },
  countingAverage: { id: 'assessments.countingAverage', defaultMessage: 'The average of your attempts counts' },
  durationLong: {
    id: 'assessments.durationLong',
    defaultMessage:
      '{hours, plural, =0 {} one {# hour} other {# hours}}{both, select, yes { } other {}}{minutes, plural, =0 {} one {# minute} other {# minutes}}',
    description: '“1 hour 30 minutes”, “45 minutes”, “2 hours”.',
  },
  // The start page.
  assessment: { id: 'assessments.assessment', defaultMessage: 'Assessment' },
  loadingAssessment: { id: 'assessments.loadingAssessment', defaultMessage: 'Loading the assessment' },
  assessmentLoadFailed: {
    id: 'assessments.assessmentLoadFailed',
    defaultMessage: 'The assessment could not be loaded',
  },
  tryAgainSoon: { id: 'assessments.tryAgainSoon', defaultMessage: 'Please try again in a moment.' },
  couldNotStart: { id: 'assessments.couldNotStart', defaultMessage: 'The attempt could not start' },
  ruleQuestions: {
    id: 'assessments.ruleQuestions',
    defaultMessage: '{count, plural, one {# question} other {# questions}}, {points} points; {passing}% to pass.',
  },
  ruleTimeLimit: {
    id: 'assessments.ruleTimeLimit',
    defaultMessage:
      'Time limit: {duration}, counted from the moment you start, even if you close the page. When the time is up, the answers you saved are submitted.',
  },
  ruleNoTimeLimit: { id: 'assessments.ruleNoTimeLimit', defaultMessage: 'No time limit.' },
  ruleUnlimited: {
    id: 'assessments.ruleUnlimited',
    defaultMessage: 'Unlimited attempts ({used} used). {counting}.',
  },
  ruleAttemptsLeft: {
    id: 'assessments.ruleAttemptsLeft',
    defaultMessage: '{left} of {allowed, plural, one {# attempt} other {# attempts}} left. {counting}.',
  },
  ruleOneAtATime: {
    id: 'assessments.ruleOneAtATime',
    defaultMessage: 'One question at a time; you can go back to any question before you submit.',
  },
  ruleAllOnOnePage: { id: 'assessments.ruleAllOnOnePage', defaultMessage: 'All questions on one page.' },
  ruleSaved: { id: 'assessments.ruleSaved', defaultMessage: 'Each answer is saved as you give it.' },
  ruleOpens: { id: 'assessments.ruleOpens', defaultMessage: 'Opens {date}.' },
  ruleDue: { id: 'assessments.ruleDue', defaultMessage: 'Due {date}.' },
  ruleDueLate: {
    id: 'assessments.ruleDueLate',
    defaultMessage: 'Due {date}. Late submissions until {closes}.',
  },
  ruleDueLatePenalty: {
    id: 'assessments.ruleDueLatePenalty',
    defaultMessage: 'Due {date}. Late submissions until {closes}, {penalty}% off per day late.',
  },
  ruleCloses: { id: 'assessments.ruleCloses', defaultMessage: 'Closes {date}.' },
  instructions: { id: 'assessments.instructions', defaultMessage: 'Instructions' },
  beforeYouStart: { id: 'assessments.beforeYouStart', defaultMessage: 'Before you start' },
  resumeAttempt: { id: 'assessments.resumeAttempt', defaultMessage: 'Resume attempt' },
  inProgressNote: {
    id: 'assessments.inProgressNote',
    defaultMessage: 'Your attempt is in progress; the clock keeps running.',
  },
  accessPassword: { id: 'assessments.accessPassword', defaultMessage: 'Access password' },
  accessPasswordHint: { id: 'assessments.accessPasswordHint', defaultMessage: 'Your teacher gives it to you.' },
  startNewAttempt: { id: 'assessments.startNewAttempt', defaultMessage: 'Start a new attempt' },
  startAttempt: { id: 'assessments.startAttempt', defaultMessage: 'Start attempt' },
  cannotStart: { id: 'assessments.cannotStart', defaultMessage: 'You cannot start this assessment now' },
  notOpen: { id: 'assessments.notOpen', defaultMessage: 'It is not open.' },
  backToCourse: { id: 'assessments.backToCourse', defaultMessage: 'Back to the course' },
  // The attempt page.
  attempt: { id: 'assessments.attempt', defaultMessage: 'Attempt' },
  receiptTitle: { id: 'assessments.receiptTitle', defaultMessage: 'Receipt · {title}' },
  loadingAttempt: { id: 'assessments.loadingAttempt', defaultMessage: 'Loading the attempt' },
  attemptLoadFailed: { id: 'assessments.attemptLoadFailed', defaultMessage: 'The attempt could not be loaded' },
  // The attempt player.
  saveNotYet: { id: 'assessments.saveNotYet', defaultMessage: 'Not saved yet' },
  saveSaving: { id: 'assessments.saveSaving', defaultMessage: 'Saving…' },
  saveSaved: { id: 'assessments.saveSaved', defaultMessage: 'Saved' },
  saveError: { id: 'assessments.saveError', defaultMessage: 'Not saved' },
  allSaved: { id: 'assessments.allSaved', defaultMessage: 'All answers saved' },
  submitFailed: {
    id: 'assessments.submitFailed',
    defaultMessage: 'The attempt could not be submitted. Please try again.',
  },
  questions: { id: 'assessments.questions', defaultMessage: 'Questions' },
  navigatorCell: {
    id: 'assessments.navigatorCell',
    defaultMessage:
      'Question {number}, {answered, select, yes {answered} other {unanswered}}{flagged, select, yes {, flagged} other {}}',
  },
  answered: { id: 'assessments.answered', defaultMessage: 'Answered' },
  unanswered: { id: 'assessments.unanswered', defaultMessage: 'Unanswered' },
  flaggedLegend: { id: 'assessments.flaggedLegend', defaultMessage: 'Flagged' },
  noTimeLimit: { id: 'assessments.noTimeLimit', defaultMessage: 'No time limit' },
  timeAndSaving: { id: 'assessments.timeAndSaving', defaultMessage: 'Time and saving' },
  attemptSummary: {
    id: 'assessments.attemptSummary',
    defaultMessage: 'Attempt {number} · {count, plural, one {# question} other {# questions}} · {answered} answered',
  },
  previous: { id: 'assessments.previous', defaultMessage: 'Previous' },
  next: { id: 'assessments.next', defaultMessage: 'Next' },
  submit: { id: 'assessments.submit', defaultMessage: 'Submit' },
  submitEllipsis: { id: 'assessments.submitEllipsis', defaultMessage: 'Submit…' },
  attemptRegion: { id: 'assessments.attemptRegion', defaultMessage: 'Attempt' },
  confirmTitle: { id: 'assessments.confirmTitle', defaultMessage: 'Submit your answers?' },
  keepWorking: { id: 'assessments.keepWorking', defaultMessage: 'Keep working' },
  notAnswered: {
    id: 'assessments.notAnswered',
    defaultMessage: '{count, plural, one {# question is} other {# questions are}} not answered:',
  },
  listSeparator: {
    id: 'assessments.listSeparator',
    defaultMessage: ', ',
    description: 'Between the items of a list: “Question 2, Question 5”.',
  },
  everyAnswered: { id: 'assessments.everyAnswered', defaultMessage: 'Every question is answered.' },
  flaggedForReview: { id: 'assessments.flaggedForReview', defaultMessage: 'Flagged for review: {list}.' },
  cannotChange: {
    id: 'assessments.cannotChange',
    defaultMessage: 'Once submitted, your answers can no longer change.',
  },
  questionHeading: { id: 'assessments.questionHeading', defaultMessage: 'Question {number}' },
  questionPoints: {
    id: 'assessments.questionPoints',
    defaultMessage: ' · {points, plural, one {# point} other {{shown} points}}',
  },
  flag: { id: 'assessments.flag', defaultMessage: 'Flag' },
  flagged: { id: 'assessments.flagged', defaultMessage: 'Flagged' },
  flagHidden: { id: 'assessments.flagHidden', defaultMessage: ' question {number} for review' },
  hint: { id: 'assessments.hint', defaultMessage: '<strong>Hint:</strong> {hint}' },
  showHint: { id: 'assessments.showHint', defaultMessage: 'Show hint' },
  // The attempt's clock.
  minutesLeft: {
    id: 'assessments.minutesLeft',
    defaultMessage: '{minutes, plural, one {# minute left.} other {# minutes left.}}',
    description: 'Spoken to a screen reader at 10, 5 and 1 minutes left.',
  },
  lessThanMinuteLeft: { id: 'assessments.lessThanMinuteLeft', defaultMessage: 'Less than 1 minute left.' },
  timeUp: { id: 'assessments.timeUp', defaultMessage: 'Time is up. Your saved answers are being submitted.' },
  timeLeft: {
    id: 'assessments.timeLeft',
    defaultMessage: 'Time left: {minutes, plural, one {# minute} other {# minutes}}',
  },
  // The review of a submitted attempt.
  reviewPageTitle: { id: 'assessments.reviewPageTitle', defaultMessage: 'Review · {title}' },
  reviewPageTitleShort: { id: 'assessments.reviewPageTitleShort', defaultMessage: 'Review' },
  loadingReview: { id: 'assessments.loadingReview', defaultMessage: 'Loading the review' },
  reviewLoadFailed: { id: 'assessments.reviewLoadFailed', defaultMessage: 'The review could not be loaded' },
  reviewHeading: { id: 'assessments.reviewHeading', defaultMessage: 'Review: {title}' },
  reviewIntro: { id: 'assessments.reviewIntro', defaultMessage: 'Your answers with their points and feedback.' },
  print: { id: 'assessments.print', defaultMessage: 'Print' },
  reviewInProgress: {
    id: 'assessments.reviewInProgress',
    defaultMessage: 'This attempt is still in progress: its review is shown once it is submitted.',
  },
  answersHeld: {
    id: 'assessments.answersHeld',
    defaultMessage:
      '{policy, select, after_last_attempt {The correct answers are shown after your last attempt, or when the assessment closes.} after_due {The correct answers are shown after the due date.} other {The correct answers are shown once your teacher releases them.}}',
  },
  score: { id: 'assessments.score', defaultMessage: 'Score' },
  notReleasedYet: { id: 'assessments.notReleasedYet', defaultMessage: 'Not released yet' },
  submittedLateShort: {
    id: 'assessments.submittedLateShort',
    defaultMessage: 'Submitted late{penalty, select, none {} other { (−{penalty}%)}}',
  },
  scorePoints: { id: 'assessments.scorePoints', defaultMessage: '{score} / {max} points' },
  awaitingGrading: { id: 'assessments.awaitingGrading', defaultMessage: 'Awaiting grading' },
  scoreNotReleased: { id: 'assessments.scoreNotReleased', defaultMessage: 'Score not released yet' },
  yourAnswer: { id: 'assessments.yourAnswer', defaultMessage: 'Your answer' },
  answerNotGiven: { id: 'assessments.answerNotGiven', defaultMessage: 'Not answered' },
  filesHandedIn: { id: 'assessments.filesHandedIn', defaultMessage: 'Files handed in' },
  correctAnswer: { id: 'assessments.correctAnswer', defaultMessage: 'Correct answer' },
  gradeChanged: { id: 'assessments.gradeChanged', defaultMessage: 'Grade changed' },
  gradeChangedText: {
    id: 'assessments.gradeChangedText',
    defaultMessage:
      'Your teacher changed this grade on {date} from {old, select, none {ungraded} other {{old}}} to {new, select, none {ungraded} other {{new} points}}.',
  },
  feedback: { id: 'assessments.feedback', defaultMessage: 'Feedback' },
  rubricLine: {
    id: 'assessments.rubricLine',
    defaultMessage: 'Rubric: {title} — {score} / {max} points',
  },
  criterion: { id: 'assessments.criterion', defaultMessage: 'Criterion' },
  levelGiven: { id: 'assessments.levelGiven', defaultMessage: 'Level given' },
  points: { id: 'assessments.points', defaultMessage: 'Points' },
  notScored: { id: 'assessments.notScored', defaultMessage: 'Not scored' },
  // My Quiz Attempts.
  loadingAttempts: { id: 'assessments.loadingAttempts', defaultMessage: 'Loading your attempts' },
  attemptsLoadFailed: { id: 'assessments.attemptsLoadFailed', defaultMessage: 'Your attempts could not be loaded' },
  noAttemptsYet: { id: 'assessments.noAttemptsYet', defaultMessage: 'No quiz attempts yet' },
  noAttemptsHint: {
    id: 'assessments.noAttemptsHint',
    defaultMessage: 'Quizzes and exams you take in your courses will be listed here with their results.',
  },
  browseCourses: { id: 'assessments.browseCourses', defaultMessage: 'Browse courses' },
  swipeTable: { id: 'assessments.swipeTable', defaultMessage: 'Swipe the table sideways for every column →' },
  colStarted: { id: 'assessments.colStarted', defaultMessage: 'Started' },
  colStatus: { id: 'assessments.colStatus', defaultMessage: 'Status' },
  colAction: { id: 'assessments.colAction', defaultMessage: 'Action' },
  attemptNumberSuffix: { id: 'assessments.attemptNumberSuffix', defaultMessage: ' · attempt {number}' },
  shownAfter: { id: 'assessments.shownAfter', defaultMessage: 'Shown after {date}' },
  resume: { id: 'assessments.resume', defaultMessage: 'Resume' },
  review: { id: 'assessments.review', defaultMessage: 'Review' },
  ofAttempt: { id: 'assessments.ofAttempt', defaultMessage: ' {title}, attempt {number}' },
  attemptPages: { id: 'assessments.attemptPages', defaultMessage: 'Attempt pages' },
  // Mistake practice.
  questionOf: { id: 'assessments.questionOf', defaultMessage: 'Question {position} of {count}' },
  practiceRight: { id: 'assessments.practiceRight', defaultMessage: 'Right' },
  notQuite: { id: 'assessments.notQuite', defaultMessage: 'Not quite' },
  wellRemembered: {
    id: 'assessments.wellRemembered',
    defaultMessage: 'Well remembered. It comes back on {date}.',
  },
  comesBackSoon: { id: 'assessments.comesBackSoon', defaultMessage: 'It comes back soon ({date}) so that it sticks.' },
  nextQuestion: { id: 'assessments.nextQuestion', defaultMessage: 'Next question' },
  finish: { id: 'assessments.finish', defaultMessage: 'Finish' },
  checkAnswer: { id: 'assessments.checkAnswer', defaultMessage: 'Check answer' },
  checkFailed: { id: 'assessments.checkFailed', defaultMessage: 'Your answer could not be checked' },
  loadingQuestions: { id: 'assessments.loadingQuestions', defaultMessage: 'Loading your questions' },
  questionsLoadFailed: { id: 'assessments.questionsLoadFailed', defaultMessage: 'Your questions could not be loaded' },
  nothingToReview: { id: 'assessments.nothingToReview', defaultMessage: 'Nothing to review right now' },
  nothingToReviewHint: {
    id: 'assessments.nothingToReviewHint',
    defaultMessage: 'Questions you got wrong in quizzes land here and come back just before you would forget them.',
  },
  backToDashboard: { id: 'assessments.backToDashboard', defaultMessage: 'Back to the dashboard' },
  sessionDone: { id: 'assessments.sessionDone', defaultMessage: 'Session done' },
  sessionResult: {
    id: 'assessments.sessionResult',
    defaultMessage:
      '{right} of {count} right. Missed questions come back in a few minutes; the others later, when they are due again.',
  },
  checkForMore: { id: 'assessments.checkForMore', defaultMessage: 'Check for more' },
  notGraded: { id: 'assessments.notGraded', defaultMessage: 'Not graded' },
  // The attempts log (teacher).
  loadingLog: { id: 'assessments.loadingLog', defaultMessage: 'Loading the attempts log' },
  logLoadFailed: { id: 'assessments.logLoadFailed', defaultMessage: 'The attempts log could not be loaded' },
  noAttemptsLogged: { id: 'assessments.noAttemptsLogged', defaultMessage: 'No attempts yet' },
  noAttemptsLoggedHint: {
    id: 'assessments.noAttemptsLoggedHint',
    defaultMessage: 'Each attempt is logged here when a student starts it: saves, submit time and IP.',
  },
  attemptsLog: { id: 'assessments.attemptsLog', defaultMessage: 'Attempts log' },
  logCaption: { id: 'assessments.logCaption', defaultMessage: 'Attempts of {title}, newest first' },
  colStudent: { id: 'assessments.colStudent', defaultMessage: 'Student' },
  colSaves: { id: 'assessments.colSaves', defaultMessage: 'Saves' },
  colIp: { id: 'assessments.colIp', defaultMessage: 'IP' },
  anonymousUntilReleased: {
    id: 'assessments.anonymousUntilReleased',
    defaultMessage: 'Anonymous until the grades are released',
  },
  autoSubmittedAtDeadline: {
    id: 'assessments.autoSubmittedAtDeadline',
    defaultMessage: 'Submitted automatically at the deadline',
  },
  late: { id: 'assessments.late', defaultMessage: 'Late' },
  logPages: { id: 'assessments.logPages', defaultMessage: 'Attempts log pages' },
  // One student's attempt, for the teacher.
  eventStarted: { id: 'assessments.eventStarted', defaultMessage: 'Started the attempt' },
  eventSaved: {
    id: 'assessments.eventSaved',
    defaultMessage: 'Last saved the answer to {question, select, none {a question} other {question {question}}}',
  },
  eventSubmitted: { id: 'assessments.eventSubmitted', defaultMessage: 'Submitted the attempt' },
  eventAutoSubmitted: {
    id: 'assessments.eventAutoSubmitted',
    defaultMessage: 'Submitted automatically when the time ran out',
  },
  eventGraded: {
    id: 'assessments.eventGraded',
    defaultMessage:
      'Graded {question, select, none {a question} other {question {question}}}{by, select, none {} other { by {by}}}: {old, select, none {ungraded} other {{old}}} → {new, select, none {ungraded} other {{new}}} points',
  },
  eventRegraded: {
    id: 'assessments.eventRegraded',
    defaultMessage:
      'Regraded {question, select, none {a question} other {question {question}}}{by, select, none {} other { by {by}}} after its answer key changed: {old, select, none {ungraded} other {{old}}} → {new, select, none {ungraded} other {{new}}} points',
  },
  scoreSoFar: {
    id: 'assessments.scoreSoFar',
    defaultMessage: '{score} / {max}{soFar, select, yes { so far} other {}}',
  },
  lateShort: { id: 'assessments.lateShort', defaultMessage: 'Late{penalty, select, none {} other { (−{penalty}%)}}' },
  stillInProgress: { id: 'assessments.stillInProgress', defaultMessage: 'Still in progress' },
  automaticallyAtTimeUp: {
    id: 'assessments.automaticallyAtTimeUp',
    defaultMessage: 'Automatically, when the time ran out',
  },
  timeLimitEnds: { id: 'assessments.timeLimitEnds', defaultMessage: 'Time limit ends' },
  noLimit: { id: 'assessments.noLimit', defaultMessage: 'No limit' },
  savesIp: { id: 'assessments.savesIp', defaultMessage: 'Saves · IP' },
  timingLog: { id: 'assessments.timingLog', defaultMessage: 'Timing log' },
  timingLogIntro: {
    id: 'assessments.timingLogIntro',
    defaultMessage:
      'What the server recorded, oldest first. An answer keeps only the time of its last save, until someone grades it.',
  },
  colWhen: { id: 'assessments.colWhen', defaultMessage: 'When' },
  colWhat: { id: 'assessments.colWhat', defaultMessage: 'What' },
  pointsOnly: { id: 'assessments.pointsOnly', defaultMessage: '{points} points' },
  awaitingGradingPoints: {
    id: 'assessments.awaitingGradingPoints',
    defaultMessage: 'Awaiting grading · {points} points',
  },
  studentsAnswer: { id: 'assessments.studentsAnswer', defaultMessage: 'Student’s answer' },
  lastSaved: { id: 'assessments.lastSaved', defaultMessage: 'Last saved {date}' },
  feedbackStudentGets: { id: 'assessments.feedbackStudentGets', defaultMessage: 'Feedback the student gets' },
  gradersComment: { id: 'assessments.gradersComment', defaultMessage: 'Grader’s comment' },
  typeScoreFirst: { id: 'assessments.typeScoreFirst', defaultMessage: 'Type a score first' },
  gradeSavedPoints: { id: 'assessments.gradeSavedPoints', defaultMessage: 'Grade saved: {score} / {max} points.' },
  gradeSaved: { id: 'assessments.gradeSaved', defaultMessage: 'Grade saved' },
  gradedMeanwhile: {
    id: 'assessments.gradedMeanwhile',
    defaultMessage: 'Someone graded this answer since you opened it',
  },
  gradeSaveFailed: { id: 'assessments.gradeSaveFailed', defaultMessage: 'The grade could not be saved' },
  gradeQuestion: { id: 'assessments.gradeQuestion', defaultMessage: 'Grade question {number}' },
  notGradedYet: { id: 'assessments.notGradedYet', defaultMessage: 'Not graded yet' },
  gradedBy: {
    id: 'assessments.gradedBy',
    defaultMessage: 'Graded{by, select, none {} other { by {by}}}: {score} / {max}',
  },
  rubricTitle: { id: 'assessments.rubricTitle', defaultMessage: 'Rubric: {title}' },
  levelPoints: { id: 'assessments.levelPoints', defaultMessage: '{level} ({points})' },
  conflictTitle: { id: 'assessments.conflictTitle', defaultMessage: 'Graded by someone else meanwhile' },
  conflictText: {
    id: 'assessments.conflictText',
    defaultMessage:
      'Their grade is saved: {score, select, none {no score} other {{score} / {max}}}{comment, select, none {} other {, “{comment}”}}. Yours is still in the fields below: choose which one stays.',
  },
  keepTheirs: { id: 'assessments.keepTheirs', defaultMessage: 'Keep theirs' },
  takeMine: { id: 'assessments.takeMine', defaultMessage: 'Take mine' },
  scoreOutOf: { id: 'assessments.scoreOutOf', defaultMessage: 'Score (out of {points})' },
  chooseEveryLevel: { id: 'assessments.chooseEveryLevel', defaultMessage: 'Choose a level for every criterion' },
  fromRubric: { id: 'assessments.fromRubric', defaultMessage: 'From the rubric levels' },
  wholeOrHalf: { id: 'assessments.wholeOrHalf', defaultMessage: 'Whole or half points' },
  commentForStudent: { id: 'assessments.commentForStudent', defaultMessage: 'Comment for the student' },
  saveGrade: { id: 'assessments.saveGrade', defaultMessage: 'Save grade' },
  allAttempts: { id: 'assessments.allAttempts', defaultMessage: 'All attempts' },
  attemptPageTitle: { id: 'assessments.attemptPageTitle', defaultMessage: '{name} · {title}' },
  attemptHeading: { id: 'assessments.attemptHeading', defaultMessage: '{name} · attempt {number}' },
  anonymousGradingNote: {
    id: 'assessments.anonymousGradingNote',
    defaultMessage: ' · anonymous grading: the name shows once the grades are released',
  },
  stillTaking: {
    id: 'assessments.stillTaking',
    defaultMessage: 'The student is still taking this attempt: its answers so far are shown, not graded.',
  },
  answersNeedGrade: {
    id: 'assessments.answersNeedGrade',
    defaultMessage: '{count, plural, one {# answer needs} other {# answers need}} your grade: grade them below.',
  },
  // Releasing grades (teacher).
  partScores: { id: 'assessments.partScores', defaultMessage: 'scores' },
  partAnswers: { id: 'assessments.partAnswers', defaultMessage: 'correct answers' },
  partFeedback: { id: 'assessments.partFeedback', defaultMessage: 'feedback' },
  nothingHeld: {
    id: 'assessments.nothingHeld',
    defaultMessage: 'Nothing is held back for you to release: students see their results as the release settings say.',
  },
  gradesReleased: { id: 'assessments.gradesReleased', defaultMessage: 'Grades released' },
  releaseTakenBack: { id: 'assessments.releaseTakenBack', defaultMessage: 'Release taken back' },
  releaseFailed: { id: 'assessments.releaseFailed', defaultMessage: 'The release could not be saved' },
  releaseTitle: { id: 'assessments.releaseTitle', defaultMessage: 'Release grades to students?' },
  releaseBody: {
    id: 'assessments.releaseBody',
    defaultMessage: 'Every student who took “{title}” will see their {what}, including attempts submitted later.',
  },
  releaseEarly: {
    id: 'assessments.releaseEarly',
    defaultMessage: ' Their {what} are shown now too, without waiting for the time the settings set.',
  },
  releaseGrades: { id: 'assessments.releaseGrades', defaultMessage: 'Release grades' },
  cancel: { id: 'assessments.cancel', defaultMessage: 'Cancel' },
  takeBackTitle: { id: 'assessments.takeBackTitle', defaultMessage: 'Take back the release?' },
  takeBackBody: {
    id: 'assessments.takeBackBody',
    defaultMessage: 'Students will no longer see their {what} until you release them again.',
  },
  takeBack: { id: 'assessments.takeBack', defaultMessage: 'Take back' },
  warningTitle: { id: 'assessments.warningTitle', defaultMessage: 'Students could use the correct answers' },
  warningWait: {
    id: 'assessments.warningWait',
    defaultMessage:
      'To wait, keep them held back: students see the correct answers once their attempts are used up or the assessment closes, as the settings say.',
  },
  releaseAnyway: { id: 'assessments.releaseAnyway', defaultMessage: 'Release anyway' },
  keepHeld: { id: 'assessments.keepHeld', defaultMessage: 'Keep them held back' },
  releasedOn: { id: 'assessments.releasedOn', defaultMessage: 'Released {date}: students see their {what}.' },
  notReleasedNote: {
    id: 'assessments.notReleasedNote',
    defaultMessage: 'Students do not see their {what} until you release them.',
  },
  takeBackRelease: { id: 'assessments.takeBackRelease', defaultMessage: 'Take back the release' },
  close: { id: 'assessments.close', defaultMessage: 'Close' },
  // An assessment's questions (teacher).
  bankTitle: { id: 'assessments.bankTitle', defaultMessage: 'Add questions from the bank' },
  searchTitles: { id: 'assessments.searchTitles', defaultMessage: 'Search titles' },
  tag: { id: 'assessments.tag', defaultMessage: 'Tag' },
  loadingBank: { id: 'assessments.loadingBank', defaultMessage: 'Loading questions' },
  bankLoadFailed: { id: 'assessments.bankLoadFailed', defaultMessage: 'The questions could not be loaded' },
  noQuestionMatches: { id: 'assessments.noQuestionMatches', defaultMessage: 'No question matches.' },
  bankQuestions: { id: 'assessments.bankQuestions', defaultMessage: 'Bank questions' },
  bankLine: {
    id: 'assessments.bankLine',
    defaultMessage:
      '· {type} · {points} pt{tags, select, none {} other { · {tags}}}{already, select, yes { · already in this assessment} other {}}',
  },
  bankPages: { id: 'assessments.bankPages', defaultMessage: 'Bank pages' },
  addQuestions: {
    id: 'assessments.addQuestions',
    defaultMessage: '{count, plural, one {Add # question} other {Add # questions}}',
  },
  questionsSaved: { id: 'assessments.questionsSaved', defaultMessage: 'Questions saved' },
  questionsSaveFailed: { id: 'assessments.questionsSaveFailed', defaultMessage: 'The questions could not be saved' },
  partsLocked: {
    id: 'assessments.partsLocked',
    defaultMessage: 'Students have attempted this assessment: its questions can no longer change.',
  },
  noPartsYet: {
    id: 'assessments.noPartsYet',
    defaultMessage: 'No questions yet. Add questions from the course’s bank, or draw some at random by tag.',
  },
  partHeading: {
    id: 'assessments.partHeading',
    defaultMessage: 'Part {number} · {mode, select, fixed {These questions} other {Drawn at random}}',
  },
  removePart: { id: 'assessments.removePart', defaultMessage: 'Remove part {number}' },
  typePoints: { id: 'assessments.typePoints', defaultMessage: '{type} · {points} pt' },
  moveQuestion: {
    id: 'assessments.moveQuestion',
    defaultMessage: '{direction, select, up {Move {title} up} other {Move {title} down}}',
  },
  removeNamed: { id: 'assessments.removeNamed', defaultMessage: 'Remove {title}' },
  toPart: { id: 'assessments.toPart', defaultMessage: ' to part {number}' },
  tagCarriers: {
    id: 'assessments.tagCarriers',
    defaultMessage: '{count, plural, one {# question carries} other {# questions carry}} this tag',
  },
  savedWithQuestions: { id: 'assessments.savedWithQuestions', defaultMessage: 'Saved with the questions' },
  howMany: { id: 'assessments.howMany', defaultMessage: 'How many' },
  eachDrawsOwn: { id: 'assessments.eachDrawsOwn', defaultMessage: 'Each attempt draws its own' },
  addBankQuestions: { id: 'assessments.addBankQuestions', defaultMessage: 'Add bank questions' },
  addRandomDraw: { id: 'assessments.addRandomDraw', defaultMessage: 'Add a random draw' },
  saveQuestions: { id: 'assessments.saveQuestions', defaultMessage: 'Save questions' },
  perAttempt: {
    id: 'assessments.perAttempt',
    defaultMessage: '{count, plural, one {# question} other {# questions}} per attempt',
  },
  unsavedChanges: { id: 'assessments.unsavedChanges', defaultMessage: 'Unsaved changes' },
  // The pages of My Quiz Attempts and practice.
  attemptsIntro: {
    id: 'assessments.attemptsIntro',
    defaultMessage: 'Your quiz and exam attempts in every course, newest first.',
  },
  practice: { id: 'assessments.practice', defaultMessage: 'Practice' },
  practiceIntro: {
    id: 'assessments.practiceIntro',
    defaultMessage: 'Questions you got wrong, asked again just before you would forget them. Nothing here is graded.',
  },
  // The receipt of a submitted attempt.
  attemptSubmitted: { id: 'assessments.attemptSubmitted', defaultMessage: 'Attempt submitted' },
  autoSubmittedTitle: { id: 'assessments.autoSubmittedTitle', defaultMessage: 'Submitted when the time ran out' },
  autoSubmittedText: {
    id: 'assessments.autoSubmittedText',
    defaultMessage: 'The answers you had saved before the deadline were submitted.',
  },
  receipt: { id: 'assessments.receipt', defaultMessage: 'Receipt' },
  factAttempt: { id: 'assessments.factAttempt', defaultMessage: 'Attempt' },
  factNumber: { id: 'assessments.factNumber', defaultMessage: 'Number {number}' },
  factSubmitted: { id: 'assessments.factSubmitted', defaultMessage: 'Submitted' },
  factTimeTaken: { id: 'assessments.factTimeTaken', defaultMessage: 'Time taken' },
  factAnswersCounted: { id: 'assessments.factAnswersCounted', defaultMessage: 'Answers counted' },
  answeredOf: { id: 'assessments.answeredOf', defaultMessage: '{answered} of {total}' },
  questionCount: {
    id: 'assessments.questionCount',
    defaultMessage: '{count, plural, one {# question} other {# questions}}',
  },
  result: { id: 'assessments.result', defaultMessage: 'Result' },
  status: {
    id: 'assessments.status',
    defaultMessage:
      '{status, select, in_progress {In progress} submitted {Submitted} needs_grading {Needs grading} other {Graded}}',
  },
  passed: { id: 'assessments.passed', defaultMessage: 'Passed' },
  notPassed: { id: 'assessments.notPassed', defaultMessage: 'Not passed' },
  submittedLate: { id: 'assessments.submittedLate', defaultMessage: 'Submitted late.' },
  submittedLatePenalty: {
    id: 'assessments.submittedLatePenalty',
    defaultMessage: 'Submitted late: {penalty}% late penalty applied.',
  },
  scoreShownNow: { id: 'assessments.scoreShownNow', defaultMessage: 'Your score is shown now.' },
  scoreOnceGraded: {
    id: 'assessments.scoreOnceGraded',
    defaultMessage: 'Some answers are graded by your teacher: your score is shown once they are.',
  },
  scoreAfter: {
    id: 'assessments.scoreAfter',
    defaultMessage:
      '{grading, select, yes {Some answers are graded by your teacher. } other {}}Your score will be shown after {date}.',
  },
  scoreWhenReleased: {
    id: 'assessments.scoreWhenReleased',
    defaultMessage:
      '{grading, select, yes {Some answers are graded by your teacher. } other {}}Your score will be shown when your teacher releases it.',
  },
  scoreMayChange: {
    id: 'assessments.scoreMayChange',
    defaultMessage: ' Some answers are graded by your teacher; this score may still change.',
  },
  reviewAnswers: { id: 'assessments.reviewAnswers', defaultMessage: 'Review answers' },
  myQuizAttempts: { id: 'assessments.myQuizAttempts', defaultMessage: 'My Quiz Attempts' },
  backToAssessment: { id: 'assessments.backToAssessment', defaultMessage: 'Back to the assessment' },
});
