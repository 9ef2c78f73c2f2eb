import { defineMessages } from '@/i18n/define-messages';

/** The teacher's home, the first screen of the teacher area (features/teacher-home, issue 49, docs/i18n.md). */
export const teacherHomeMessages = defineMessages({
  heading: { id: 'teacherHome.heading', defaultMessage: 'What needs you' },
  loading: { id: 'teacherHome.loading', defaultMessage: 'Loading what needs you…' },
  loadFailed: { id: 'teacherHome.loadFailed', defaultMessage: 'What needs you could not be loaded' },
  toGrade: { id: 'teacherHome.toGrade', defaultMessage: 'Answers to grade' },
  toGradeTotal: {
    id: 'teacherHome.toGradeTotal',
    defaultMessage:
      '{capped, select, yes {More than {count, number} answers wait for you} other {{count, plural, one {# answer waits for you} other {# answers wait for you}}}}',
  },
  toGradeNone: { id: 'teacherHome.toGradeNone', defaultMessage: 'No answers wait for grading.' },
  answers: {
    id: 'teacherHome.answers',
    defaultMessage: '{count, plural, one {# answer} other {# answers}}',
  },
  oldest: {
    id: 'teacherHome.oldest',
    defaultMessage: 'Oldest handed in {date}',
    description: 'When the oldest answer of the group was handed in, in the teacher’s time zone.',
  },
  moreGroups: {
    id: 'teacherHome.moreGroups',
    defaultMessage: '{count, plural, one {# more assessment} other {# more assessments}} — open the grading inbox',
  },
  dueSoon: { id: 'teacherHome.dueSoon', defaultMessage: 'Due in the next 7 days' },
  dueSoonNone: { id: 'teacherHome.dueSoonNone', defaultMessage: 'Nothing is due in your classes this week.' },
  dueAt: { id: 'teacherHome.dueAt', defaultMessage: 'Due {date}' },
  handedIn: {
    id: 'teacherHome.handedIn',
    defaultMessage: '{submitted} of {learners} handed in · {missing} not yet',
  },
  moreDue: {
    id: 'teacherHome.moreDue',
    defaultMessage: '{count, plural, one {# more assignment} other {# more assignments}} — see your classes',
  },
  atRisk: { id: 'teacherHome.atRisk', defaultMessage: 'Students at risk' },
  atRiskNone: { id: 'teacherHome.atRiskNone', defaultMessage: 'No student of your classes is at risk right now.' },
  atRiskRules: {
    id: 'teacherHome.atRiskRules',
    defaultMessage:
      'At risk: no activity for {inactiveDays} days, {missingAssignments} or more assignments missing, a course grade under {passingPercent}%, or progress {behindPoints} points or more under the class.',
  },
  atRiskAbsenceRule: {
    id: 'teacherHome.atRiskAbsenceRule',
    defaultMessage: 'Also at risk: {absences} or more absences in the last {days} days.',
  },
  rulesChange: { id: 'teacherHome.rulesChange', defaultMessage: 'Change these rules' },
  rulesForm: { id: 'teacherHome.rulesForm', defaultMessage: 'Your at-risk rules' },
  ruleInactiveDays: { id: 'teacherHome.ruleInactiveDays', defaultMessage: 'Days without activity' },
  ruleMissingAssignments: { id: 'teacherHome.ruleMissingAssignments', defaultMessage: 'Missing assignments' },
  rulePassingPercent: { id: 'teacherHome.rulePassingPercent', defaultMessage: 'Passing grade (%)' },
  ruleBehindPoints: {
    id: 'teacherHome.ruleBehindPoints',
    defaultMessage: 'Progress points under the class average',
  },
  ruleAbsences: { id: 'teacherHome.ruleAbsences', defaultMessage: 'Absences in the last {days} days' },
  ruleRange: {
    id: 'teacherHome.ruleRange',
    defaultMessage: 'A whole number from {min, number} to {max, number}',
  },
  rulesSave: { id: 'teacherHome.rulesSave', defaultMessage: 'Save rules' },
  rulesSaved: { id: 'teacherHome.rulesSaved', defaultMessage: 'Your at-risk rules are saved' },
  rulesFailed: { id: 'teacherHome.rulesFailed', defaultMessage: 'Your at-risk rules could not be saved' },
  reasonAbsences: {
    id: 'teacherHome.reasonAbsences',
    defaultMessage: '{count, plural, one {# absence} other {# absences}} in the last {days} days',
  },
  reason: {
    id: 'teacherHome.reason',
    defaultMessage:
      '{kind, select, inactive {{never, select, yes {No activity since joining, {days, plural, one {# day} other {# days}} ago} other {No activity for {days, plural, one {# day} other {# days}}}}} missing {{count, plural, one {# assignment missing} other {# assignments missing}}} grade {Grade {percent}% in {course}} other {Progress {percent}%, class average {classPercent}%}}',
    description: 'Why a student is at risk; course is the course’s title as written.',
  },
  moreStudents: {
    id: 'teacherHome.moreStudents',
    defaultMessage: '{count, plural, one {# more student} other {# more students}} — open the class',
  },
  message: {
    id: 'teacherHome.message',
    defaultMessage: '{count, plural, one {Message this student} other {Message these # students}}',
  },
  messageLabel: { id: 'teacherHome.messageLabel', defaultMessage: 'Your message' },
  messageDefault: {
    id: 'teacherHome.messageDefault',
    defaultMessage: 'I noticed you may be falling behind in {className}. How can I help? Let’s talk this week.',
  },
  messageSend: { id: 'teacherHome.messageSend', defaultMessage: 'Send' },
  messageCancel: { id: 'teacherHome.messageCancel', defaultMessage: 'Cancel' },
  messageEmpty: { id: 'teacherHome.messageEmpty', defaultMessage: 'Write a message' },
  messageSent: {
    id: 'teacherHome.messageSent',
    defaultMessage: '{count, plural, one {Message sent to # student} other {Message sent to # students}}',
  },
  messageFailed: { id: 'teacherHome.messageFailed', defaultMessage: 'The message could not be sent' },
  questions: { id: 'teacherHome.questions', defaultMessage: 'Recent questions from your students' },
  questionsNone: { id: 'teacherHome.questionsNone', defaultMessage: 'Your students have asked no questions lately.' },
  questionBy: {
    id: 'teacherHome.questionBy',
    defaultMessage: '{author} · {answers, plural, =0 {no answers yet} one {# answer} other {# answers}}',
    description: 'Under a forum question; author is the student’s name as written.',
  },
});
