import { defineMessages } from '@/i18n/define-messages';

/** Guardians (features/guardians, issue 52, docs/i18n.md): the invitation, the guardian area, the school's and the student's lists. */
export const guardiansMessages = defineMessages({
  // The invitation page (/guardian-invitation?token=…)
  invitationTitle: { id: 'guardians.invitationTitle', defaultMessage: 'You are invited as a guardian' },
  invitationIntro: {
    id: 'guardians.invitationIntro',
    defaultMessage:
      "A teacher has invited you to follow a child's school work. Create your guardian account: your e-mail address is the one the invitation was sent to.",
  },
  acceptIntro: {
    id: 'guardians.acceptIntro',
    defaultMessage: "You are signed in as a guardian. Accept the invitation to see this child's work in your account.",
  },
  accept: { id: 'guardians.accept', defaultMessage: 'Accept the invitation' },
  notGuardian: {
    id: 'guardians.notGuardian',
    defaultMessage:
      'You are signed in with an account that is not a guardian account. Log out, then open the link again to create one.',
  },
  firstname: { id: 'guardians.firstname', defaultMessage: 'First name' },
  lastname: { id: 'guardians.lastname', defaultMessage: 'Last name' },
  phone: { id: 'guardians.phone', defaultMessage: 'Phone' },
  password: { id: 'guardians.password', defaultMessage: 'Password' },
  showPassword: { id: 'guardians.showPassword', defaultMessage: 'Show or hide characters' },
  required: { id: 'guardians.required', defaultMessage: '{field} is required' },
  passwordHint: { id: 'guardians.passwordHint', defaultMessage: 'At least {min} characters' },
  create: { id: 'guardians.create', defaultMessage: 'Create my guardian account' },
  registeredTitle: { id: 'guardians.registeredTitle', defaultMessage: 'Your guardian account is ready' },
  registeredBody: {
    id: 'guardians.registeredBody',
    defaultMessage: "Log in with {email} and the password you chose to see your child's work.",
  },
  logIn: { id: 'guardians.logIn', defaultMessage: 'Log in' },
  haveAccount: { id: 'guardians.haveAccount', defaultMessage: 'Already have a guardian account? Log in' },
  acceptedTitle: { id: 'guardians.acceptedTitle', defaultMessage: 'You are now linked to {name}' },
  seeChildren: { id: 'guardians.seeChildren', defaultMessage: 'See my children' },
  problemTitle: { id: 'guardians.problemTitle', defaultMessage: 'This invitation cannot be used' },
  invalidBody: {
    id: 'guardians.invalidBody',
    defaultMessage: 'It has expired or has already been used. Ask the teacher to send you a new one.',
  },
  otherEmailBody: {
    id: 'guardians.otherEmailBody',
    defaultMessage:
      'It was sent to another e-mail address. Log in with that address, or ask the teacher to invite yours.',
  },
  accountExists: {
    id: 'guardians.accountExists',
    defaultMessage:
      'An account with this e-mail address already exists. Log in with it, then open the link in the e-mail again.',
  },
  missingToken: {
    id: 'guardians.missingToken',
    defaultMessage: 'This address has no invitation in it. Open the link from the invitation e-mail.',
  },
  failed: { id: 'guardians.failed', defaultMessage: 'Something went wrong. Please try again.' },

  // The guardian area
  childrenTitle: { id: 'guardians.childrenTitle', defaultMessage: 'My children' },
  childrenDescription: {
    id: 'guardians.childrenDescription',
    defaultMessage: "Your children's classes and the work they have due, in your time zone. Read-only.",
  },
  loading: { id: 'guardians.loading', defaultMessage: 'Loading…' },
  childrenFailed: { id: 'guardians.childrenFailed', defaultMessage: 'Your children could not be loaded' },
  noChildren: { id: 'guardians.noChildren', defaultMessage: 'No child is linked to your account yet' },
  noChildrenHint: {
    id: 'guardians.noChildrenHint',
    defaultMessage:
      "A child's teacher links you by sending you an invitation by e-mail: open its link to add the child.",
  },
  counts: {
    id: 'guardians.counts',
    defaultMessage: 'Missing: {overdue} · Due today: {today} · Due this week: {week}',
    description: 'Under a child’s name: how many pieces of work are overdue, due today, due this week.',
  },
  seeWork: { id: 'guardians.seeWork', defaultMessage: "See {name}'s work" },
  classes: { id: 'guardians.classes', defaultMessage: 'Classes' },
  noClasses: { id: 'guardians.noClasses', defaultMessage: 'Not in any class yet.' },
  childDescription: {
    id: 'guardians.childDescription',
    defaultMessage:
      'Classes, work due, released grades, attendance and announcements, with dates in your time zone. Read-only.',
  },
  overviewFailed: { id: 'guardians.overviewFailed', defaultMessage: "This child's work could not be loaded" },
  notLinkedTitle: { id: 'guardians.notLinkedTitle', defaultMessage: 'This child is not linked to your account' },
  notLinkedBody: {
    id: 'guardians.notLinkedBody',
    defaultMessage: 'You can only see the children a teacher has linked to your account.',
  },
  backToChildren: { id: 'guardians.backToChildren', defaultMessage: 'Back to my children' },
  workDue: { id: 'guardians.workDue', defaultMessage: 'Work due' },
  overdue: { id: 'guardians.overdue', defaultMessage: 'Missing (overdue)' },
  today: { id: 'guardians.today', defaultMessage: 'Due today' },
  week: { id: 'guardians.week', defaultMessage: 'Due this week' },
  nothingDue: { id: 'guardians.nothingDue', defaultMessage: 'Nothing due this week.' },
  kind: {
    id: 'guardians.kind',
    defaultMessage: '{kind, select, lesson {Lesson} assignment {Assignment} other {Quiz}}',
    description: 'What the item is, before its title.',
  },
  dueAt: {
    id: 'guardians.dueAt',
    defaultMessage: '{late, select, yes {Was due {date}} other {Due {date}}}',
    description: 'The due date in the guardian’s time zone: “Due Tue 10 Mar, 17:30”.',
  },
  late: { id: 'guardians.late', defaultMessage: 'Late' },
  more: { id: 'guardians.more', defaultMessage: '{count, plural, one {and # more item} other {and # more items}}' },

  // The child page's grades, attendance and announcements; the weekly summary settings (ADR 070)
  gradesTitle: { id: 'guardians.gradesTitle', defaultMessage: 'Released grades' },
  gradesHint: { id: 'guardians.gradesHint', defaultMessage: 'Only the scores the teachers have released. Read-only.' },
  gradesFailed: { id: 'guardians.gradesFailed', defaultMessage: 'The grades could not be loaded' },
  noGrades: { id: 'guardians.noGrades', defaultMessage: 'No grade released yet.' },
  gradeScore: {
    id: 'guardians.gradeScore',
    defaultMessage: '{points} / {max} points · {percent, number, ::percent}',
    description: 'A released score: points of the maximum, then the percentage.',
  },
  gradePending: { id: 'guardians.gradePending', defaultMessage: 'Being graded' },
  gradeDue: {
    id: 'guardians.gradeDue',
    defaultMessage: 'due {date}',
    description: "After the course: the work's due date.",
  },
  attendanceTitle: { id: 'guardians.attendanceTitle', defaultMessage: 'Attendance' },
  attendanceRange: { id: 'guardians.attendanceRange', defaultMessage: 'The last {days} days.' },
  attendanceFailed: { id: 'guardians.attendanceFailed', defaultMessage: 'The attendance could not be loaded' },
  noAttendance: { id: 'guardians.noAttendance', defaultMessage: 'No attendance taken yet.' },
  attendanceRate: { id: 'guardians.attendanceRate', defaultMessage: 'Attendance rate: {rate, number, ::percent}' },
  attendanceNoRate: { id: 'guardians.attendanceNoRate', defaultMessage: 'Attendance rate: not taken yet' },
  attendanceCounts: {
    id: 'guardians.attendanceCounts',
    defaultMessage: 'Absences: {absent} · Late: {late} · Excused: {excused}',
  },
  recentAbsences: { id: 'guardians.recentAbsences', defaultMessage: 'Recent absences and lates' },
  noAbsences: { id: 'guardians.noAbsences', defaultMessage: 'No absence or late arrival.' },
  missStatus: { id: 'guardians.missStatus', defaultMessage: '{status, select, late {Late} other {Absent}}' },
  announcementsTitle: { id: 'guardians.announcementsTitle', defaultMessage: 'Class announcements' },
  announcementsFailed: { id: 'guardians.announcementsFailed', defaultMessage: 'The announcements could not be loaded' },
  noAnnouncements: { id: 'guardians.noAnnouncements', defaultMessage: 'No announcement yet.' },
  formerTeacher: { id: 'guardians.formerTeacher', defaultMessage: 'A former teacher' },
  summaryTitle: { id: 'guardians.summaryTitle', defaultMessage: 'Weekly summary e-mail' },
  summaryHint: {
    id: 'guardians.summaryHint',
    defaultMessage: 'Each week: missing work, new grades and absences of each child.',
  },
  summaryOn: { id: 'guardians.summaryOn', defaultMessage: 'Receive the weekly summary' },
  summaryChildren: { id: 'guardians.summaryChildren', defaultMessage: 'Children in the summary' },
  summaryInclude: { id: 'guardians.summaryInclude', defaultMessage: 'Include {name}' },
  summarySave: { id: 'guardians.summarySave', defaultMessage: 'Save summary settings' },
  summarySaved: { id: 'guardians.summarySaved', defaultMessage: 'Summary settings saved' },
  summaryFailed: { id: 'guardians.summaryFailed', defaultMessage: 'The summary settings could not be loaded' },
  summarySaveFailed: { id: 'guardians.summarySaveFailed', defaultMessage: 'The summary settings could not be saved' },

  // The admin's record of a student's date of birth (ADR 070's 18+ rule)
  dobTitle: { id: 'guardians.dobTitle', defaultMessage: 'Date of birth' },
  dobLabel: { id: 'guardians.dobLabel', defaultMessage: 'Date of birth' },
  dobRule: {
    id: 'guardians.dobRule',
    defaultMessage:
      "{rule, select, all {The school's adult-students setting is on: this student decides whether guardians stay linked.} adult {18 or older: this student decides whether guardians stay linked.} other {Under 18, or no date recorded: the school decides who is linked.}}",
  },
  dobSave: { id: 'guardians.dobSave', defaultMessage: 'Save date of birth' },
  dobSaved: { id: 'guardians.dobSaved', defaultMessage: 'Date of birth saved' },
  dobSaveFailed: { id: 'guardians.dobSaveFailed', defaultMessage: 'The date of birth could not be saved' },
  dobFailed: { id: 'guardians.dobFailed', defaultMessage: 'The date of birth could not be loaded' },

  // The school: a class's students and their guardians
  tab: { id: 'guardians.tab', defaultMessage: 'Guardians', description: "a tab of the teacher's class page" },
  schoolIntro: {
    id: 'guardians.schoolIntro',
    defaultMessage:
      "Invite a student's parent or carer by e-mail: they see the student's classes and work due, read-only.",
  },
  guardians: { id: 'guardians.guardians', defaultMessage: 'Guardians' },
  noGuardians: { id: 'guardians.noGuardians', defaultMessage: 'None yet' },
  studentPages: { id: 'guardians.studentPages', defaultMessage: 'Student pages' },
  rosterFailed: { id: 'guardians.rosterFailed', defaultMessage: 'The students could not be loaded' },
  noStudents: { id: 'guardians.noStudents', defaultMessage: 'No students in this class yet.' },
  guardiansFailed: { id: 'guardians.guardiansFailed', defaultMessage: 'The guardians could not be loaded' },
  invite: { id: 'guardians.invite', defaultMessage: 'Invite a guardian' },
  inviteFor: { id: 'guardians.inviteFor', defaultMessage: 'Invite a guardian for {name}' },
  email: { id: 'guardians.email', defaultMessage: "Guardian's e-mail address" },
  inviteHint: {
    id: 'guardians.inviteHint',
    defaultMessage: 'They receive a link that works once, for 7 days, to create their account or sign in.',
  },
  send: { id: 'guardians.send', defaultMessage: 'Send invitation' },
  cancel: { id: 'guardians.cancel', defaultMessage: 'Cancel' },
  close: { id: 'guardians.close', defaultMessage: 'Close' },
  emailInvalid: { id: 'guardians.emailInvalid', defaultMessage: 'Enter a valid e-mail address' },
  invitationSent: { id: 'guardians.invitationSent', defaultMessage: 'Invitation sent to {email}' },
  inviteFailed: { id: 'guardians.inviteFailed', defaultMessage: 'The invitation could not be sent' },
  unlink: { id: 'guardians.unlink', defaultMessage: 'Unlink' },
  unlinkLabel: { id: 'guardians.unlinkLabel', defaultMessage: 'Unlink {guardian} from {student}' },
  unlinkTitle: { id: 'guardians.unlinkTitle', defaultMessage: 'Unlink {guardian}?' },
  unlinkBody: {
    id: 'guardians.unlinkBody',
    defaultMessage: "{guardian} will no longer see {student}'s work, from now on. A new invitation links them again.",
  },
  unlinked: { id: 'guardians.unlinked', defaultMessage: '{guardian} is no longer linked to {student}' },
  unlinkFailed: { id: 'guardians.unlinkFailed', defaultMessage: 'The guardian could not be unlinked' },

  // The student's own list
  mineTitle: { id: 'guardians.mineTitle', defaultMessage: 'My guardians' },
  mineDescription: {
    id: 'guardians.mineDescription',
    defaultMessage: 'The parents or carers your school has linked to your account: they see your classes and work due.',
  },
  mineEmpty: { id: 'guardians.mineEmpty', defaultMessage: 'No guardian is linked to your account.' },
  linkedSince: { id: 'guardians.linkedSince', defaultMessage: 'Linked since {date}' },
  mineUnlinkLabel: { id: 'guardians.mineUnlinkLabel', defaultMessage: 'Unlink {guardian}' },
  mineUnlinkBody: {
    id: 'guardians.mineUnlinkBody',
    defaultMessage:
      '{guardian} will no longer see your classes and work due, from now on. Your school cannot link them to you again.',
  },
  mineUnlinked: { id: 'guardians.mineUnlinked', defaultMessage: '{guardian} is no longer linked to you' },
});
