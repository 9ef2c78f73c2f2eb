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
  // An accommodation at a glance: "× 1.5 time · +2 days to due dates · +1 attempt".
  accExtraFactor: { id: 'classes.accExtraFactor', defaultMessage: '× {factor, number} time' },
  accExtraMinutes: { id: 'classes.accExtraMinutes', defaultMessage: '+{minutes} min' },
  accExtensionDays: {
    id: 'classes.accExtensionDays',
    defaultMessage: '+{days, plural, one {# day} other {# days}} to due dates',
  },
  accExtensionHours: { id: 'classes.accExtensionHours', defaultMessage: '+{hours} h to due dates' },
  accExtraAttempts: {
    id: 'classes.accExtraAttempts',
    defaultMessage: '+{count, plural, one {# attempt} other {# attempts}}',
  },
  accNone: { id: 'classes.accNone', defaultMessage: 'No changes' },
  // A learner's accommodation dialog.
  accSavedFor: { id: 'classes.accSavedFor', defaultMessage: 'Accommodation saved for {name}' },
  accSaveFailed: { id: 'classes.accSaveFailed', defaultMessage: 'The accommodation could not be saved' },
  accReplacesClassWide: {
    id: 'classes.accReplacesClassWide',
    defaultMessage: '{name} has a class-wide accommodation; what you save here replaces it for this assignment only.',
  },
  accExtraTime: { id: 'classes.accExtraTime', defaultMessage: 'Extra time on timed work' },
  accNoneOption: { id: 'classes.accNoneOption', defaultMessage: 'None' },
  accMinutesOption: { id: 'classes.accMinutesOption', defaultMessage: 'Minutes' },
  accExtraMinutesLabel: { id: 'classes.accExtraMinutesLabel', defaultMessage: 'Extra minutes' },
  accExtendBy: {
    id: 'classes.accExtendBy',
    defaultMessage: '{one, select, yes {Extend the due date by (days)} other {Extend due dates by (days)}}',
    description: 'one: the accommodation is for one assignment.',
  },
  accExtraAttemptsLabel: { id: 'classes.accExtraAttemptsLabel', defaultMessage: 'Extra attempts' },
  accRemoved: { id: 'classes.accRemoved', defaultMessage: 'Accommodation removed' },
  accRemoveFailed: { id: 'classes.accRemoveFailed', defaultMessage: 'The accommodation could not be removed' },
  accRemove: { id: 'classes.accRemove', defaultMessage: 'Remove accommodation' },
  save: { id: 'classes.save', defaultMessage: 'Save' },
  accFor: {
    id: 'classes.accFor',
    defaultMessage: '{known, select, yes {Accommodation for {name}} other {Accommodation for a learner}}',
  },
  accAppliesTo: {
    id: 'classes.accAppliesTo',
    defaultMessage:
      '{one, select, yes {Applies to this assignment only, in place of any class-wide accommodation.} other {Applies to every assignment of this class.}} Only the class’s teachers and the learner see it.',
  },
  learner: { id: 'classes.learner', defaultMessage: 'Learner' },
  chooseALearner: { id: 'classes.chooseALearner', defaultMessage: 'Choose a learner' },
  noLearnerOfThatName: { id: 'classes.noLearnerOfThatName', defaultMessage: 'No learner of that name' },
  // The roster.
  nothingGradedYet: { id: 'classes.nothingGradedYet', defaultMessage: 'Nothing graded yet' },
  none: { id: 'classes.none', defaultMessage: 'None' },
  progressOf: { id: 'classes.progressOf', defaultMessage: 'Progress of {name}' },
  accommodationFor: { id: 'classes.accommodationFor', defaultMessage: 'Accommodation for {name}' },
  remove: { id: 'classes.remove', defaultMessage: 'Remove' },
  removeNamed: { id: 'classes.removeNamed', defaultMessage: 'Remove {name}' },
  rosterLoadFailed: { id: 'classes.rosterLoadFailed', defaultMessage: 'The roster could not be loaded' },
  loadingRoster: { id: 'classes.loadingRoster', defaultMessage: 'Loading the roster…' },
  noStudents: {
    id: 'classes.noStudents',
    defaultMessage: 'No students yet. Share the class code: students who join appear here.',
  },
  colStudent: { id: 'classes.colStudent', defaultMessage: 'Student' },
  colProgress: { id: 'classes.colProgress', defaultMessage: 'Progress' },
  colGrade: { id: 'classes.colGrade', defaultMessage: 'Grade' },
  colLastActivity: { id: 'classes.colLastActivity', defaultMessage: 'Last activity' },
  colActions: { id: 'classes.colActions', defaultMessage: 'Actions' },
  notYet: { id: 'classes.notYet', defaultMessage: 'Not yet' },
  students: { id: 'classes.students', defaultMessage: 'Students' },
  rosterPages: { id: 'classes.rosterPages', defaultMessage: 'Roster pages' },
  removeFromClass: {
    id: 'classes.removeFromClass',
    defaultMessage: '{known, select, yes {Remove {name} from the class?} other {Remove this student from the class?}}',
  },
  removeStudent: { id: 'classes.removeStudent', defaultMessage: 'Remove student' },
  removedFromClass: { id: 'classes.removedFromClass', defaultMessage: '{name} was removed from the class' },
  removeStudentFailed: { id: 'classes.removeStudentFailed', defaultMessage: 'The student could not be removed' },
  removeStudentBody: {
    id: 'classes.removeStudentBody',
    defaultMessage:
      'They leave the class and its stream. Their enrolments, progress and grades in the courses are kept.',
  },
  // The learner's to-do in a class.
  todoStatus: {
    id: 'classes.todoStatus',
    defaultMessage: '{status, select, assigned {Assigned} due_soon {Due soon} missing {Missing} other {Done}}',
  },
  todoLoadFailed: { id: 'classes.todoLoadFailed', defaultMessage: 'The to-do list could not be loaded' },
  loadingTodo: { id: 'classes.loadingTodo', defaultMessage: 'Loading your to-do list…' },
  nothingAssignedToYou: { id: 'classes.nothingAssignedToYou', defaultMessage: 'Nothing is assigned to you yet.' },
  readPrefix: { id: 'classes.readPrefix', defaultMessage: 'Read: ', description: 'Before a lesson to read.' },
  todoDates: {
    id: 'classes.todoDates',
    defaultMessage:
      '{due, select, none {No due date} other {Due {due}}}{closes, select, none {} other { · closes {closes}}}{minutes, select, none {} other { · {minutes} minutes}}',
  },
  yourAccommodation: {
    id: 'classes.yourAccommodation',
    defaultMessage: 'Your accommodation: {text} (dates shown include it)',
  },
  startNamed: { id: 'classes.startNamed', defaultMessage: 'Start {title}' },
  start: { id: 'classes.start', defaultMessage: 'Start' },
  todoPages: { id: 'classes.todoPages', defaultMessage: 'To-do pages' },
  // A class's details (new class and settings).
  nameTheClass: { id: 'classes.nameTheClass', defaultMessage: 'Name the class' },
  chooseACourse: { id: 'classes.chooseACourse', defaultMessage: 'Choose at least one course' },
  endsBeforeStart: { id: 'classes.endsBeforeStart', defaultMessage: 'Must be on or after the start date' },
  classDetailsSaved: { id: 'classes.classDetailsSaved', defaultMessage: 'Class details saved' },
  classChangeFailed: { id: 'classes.classChangeFailed', defaultMessage: 'The class could not be changed' },
  coTeacherAdded: { id: 'classes.coTeacherAdded', defaultMessage: 'Co-teacher added' },
  coTeacherFailed: { id: 'classes.coTeacherFailed', defaultMessage: 'The co-teacher could not be added' },
  archivedToast: {
    id: 'classes.archivedToast',
    defaultMessage: '{archived, select, yes {Class archived} other {Class restored}}',
  },
  classDetails: { id: 'classes.classDetails', defaultMessage: 'Class details' },
  details: { id: 'classes.details', defaultMessage: 'Details' },
  className: { id: 'classes.className', defaultMessage: 'Class name' },
  sectionOrPeriod: { id: 'classes.sectionOrPeriod', defaultMessage: 'Section or period' },
  subject: { id: 'classes.subject', defaultMessage: 'Subject' },
  startsOnOptional: { id: 'classes.startsOnOptional', defaultMessage: 'Starts on (optional)' },
  endsOnOptional: { id: 'classes.endsOnOptional', defaultMessage: 'Ends on (optional)' },
  coursesOfClass: { id: 'classes.coursesOfClass', defaultMessage: 'Courses of the class' },
  coursesHintSettings: {
    id: 'classes.coursesHintSettings',
    defaultMessage:
      'Members are enrolled in a course you add; removing a course keeps their enrolment and progress in it.',
  },
  saveDetails: { id: 'classes.saveDetails', defaultMessage: 'Save details' },
  teachers: { id: 'classes.teachers', defaultMessage: 'Teachers' },
  teacherDetail: {
    id: 'classes.teacherDetail',
    defaultMessage: '({email}{owner, select, yes {, owner} other {}})',
  },
  addCoTeacher: { id: 'classes.addCoTeacher', defaultMessage: 'Add a co-teacher' },
  coTeacherEmail: { id: 'classes.coTeacherEmail', defaultMessage: 'Co-teacher’s e-mail' },
  coTeacherHint: {
    id: 'classes.coTeacherHint',
    defaultMessage: 'Their teacher account gets the same rights in this class.',
  },
  add: { id: 'classes.add', defaultMessage: 'Add' },
  archiveHeading: {
    id: 'classes.archiveHeading',
    defaultMessage: '{archived, select, yes {Archived} other {Archive}}',
  },
  archivedNote: {
    id: 'classes.archivedNote',
    defaultMessage: 'This class is archived: everyone can still read it, nobody can change it.',
  },
  restoreClass: { id: 'classes.restoreClass', defaultMessage: 'Restore class' },
  archiveHint: {
    id: 'classes.archiveHint',
    defaultMessage:
      'At the end of the term, archive the class: it becomes read-only for you and its students, and is kept.',
  },
  archiveClass: { id: 'classes.archiveClass', defaultMessage: 'Archive class' },
  archiveQuestion: { id: 'classes.archiveQuestion', defaultMessage: 'Archive this class?' },
  archiveBody: {
    id: 'classes.archiveBody',
    defaultMessage:
      'Nobody can join, post or assign work any more; everything stays readable. You can restore it later.',
  },
  classCreated: { id: 'classes.classCreated', defaultMessage: 'Class “{name}” created' },
  classCreateFailed: { id: 'classes.classCreateFailed', defaultMessage: 'The class could not be created' },
  newClass: { id: 'classes.newClass', defaultMessage: 'New class' },
  namePlaceholder: { id: 'classes.namePlaceholder', defaultMessage: 'Algebra I' },
  sectionPlaceholder: { id: 'classes.sectionPlaceholder', defaultMessage: 'Period 3' },
  subjectPlaceholder: { id: 'classes.subjectPlaceholder', defaultMessage: 'Mathematics' },
  coursesHintNew: { id: 'classes.coursesHintNew', defaultMessage: 'Students who join are enrolled in each of them.' },
  noCoursesYet: {
    id: 'classes.noCoursesYet',
    defaultMessage: 'You have no courses yet: create one first under My Courses.',
  },
  draftCourse: { id: 'classes.draftCourse', defaultMessage: '{title} (draft)' },
  coTeachersOptional: { id: 'classes.coTeachersOptional', defaultMessage: 'Co-teachers (optional)' },
  coTeachersHint: {
    id: 'classes.coTeachersHint',
    defaultMessage: 'E-mail addresses of teacher accounts; press Enter after each. They get the same rights.',
  },
  createClass: { id: 'classes.createClass', defaultMessage: 'Create class' },
  // The class code card.
  classCode: { id: 'classes.classCode', defaultMessage: 'Class code' },
  archived: { id: 'classes.archived', defaultMessage: 'Archived' },
  archivedCodeNote: {
    id: 'classes.archivedCodeNote',
    defaultMessage:
      'The class code and invite link no longer work: nobody can join an archived class. Restore the class under Settings to let students join again.',
  },
  joiningOff: { id: 'classes.joiningOff', defaultMessage: 'Joining is off' },
  joiningOffNote: {
    id: 'classes.joiningOffNote',
    defaultMessage:
      'Students cannot join with the code or the invite link, so neither is shown. Students already in the class stay.',
  },
  turnJoiningOn: { id: 'classes.turnJoiningOn', defaultMessage: 'Turn joining on' },
  classCodeSpelled: {
    id: 'classes.classCodeSpelled',
    defaultMessage: 'Class code {code}',
    description: 'For screen readers: the code letter by letter, “A B C D E F G”.',
  },
  showFullScreen: { id: 'classes.showFullScreen', defaultMessage: 'Show full screen' },
  rotateHint: { id: 'classes.rotateHint', defaultMessage: 'Rotate the code: the old one stops working' },
  rotateCode: { id: 'classes.rotateCode', defaultMessage: 'Rotate code' },
  inviteLink: { id: 'classes.inviteLink', defaultMessage: 'Invite link: {link}' },
  linkCopied: {
    id: 'classes.linkCopied',
    defaultMessage: '{copied, select, yes {Link copied} other {Copy invite link}}',
  },
  canJoinWithCode: { id: 'classes.canJoinWithCode', defaultMessage: 'Students can join with the code' },
  closeFullScreen: { id: 'classes.closeFullScreen', defaultMessage: 'Close full screen' },
  joinAt: { id: 'classes.joinAt', defaultMessage: 'Join at {address}' },
  codeLetters: { id: 'classes.codeLetters', defaultMessage: 'Letters in any case · no 0, O, 1, I or L' },
  rotateQuestion: { id: 'classes.rotateQuestion', defaultMessage: 'Rotate the class code?' },
  newCodeReady: { id: 'classes.newCodeReady', defaultMessage: 'New class code ready' },
  rotateFailed: { id: 'classes.rotateFailed', defaultMessage: 'The code could not be rotated' },
  rotateBody: {
    id: 'classes.rotateBody',
    defaultMessage: 'The current code and invite link stop working at once. Students already in the class stay.',
  },
  // Joining a class.
  enterCode: { id: 'classes.enterCode', defaultMessage: 'Enter the code your teacher gave you' },
  codeCheckFailed: { id: 'classes.codeCheckFailed', defaultMessage: 'The code could not be checked. Try again.' },
  joinAClass: { id: 'classes.joinAClass', defaultMessage: 'Join a class' },
  accessCode: { id: 'classes.accessCode', defaultMessage: 'Access code' },
  accessCodeHint: { id: 'classes.accessCodeHint', defaultMessage: '7 letters and digits, from your teacher' },
  joined: { id: 'classes.joined', defaultMessage: 'You joined the class.' },
  joinClass: { id: 'classes.joinClass', defaultMessage: 'Join class' },
  // The class stream.
  writeSomething: { id: 'classes.writeSomething', defaultMessage: 'Write something to announce' },
  announcementPosted: { id: 'classes.announcementPosted', defaultMessage: 'Announcement posted' },
  announcementFailed: { id: 'classes.announcementFailed', defaultMessage: 'The announcement could not be posted' },
  newAnnouncement: { id: 'classes.newAnnouncement', defaultMessage: 'New announcement' },
  loadingEditor: { id: 'classes.loadingEditor', defaultMessage: 'Loading the editor…' },
  announceLabel: { id: 'classes.announceLabel', defaultMessage: 'Announce something to your class' },
  emailNow: { id: 'classes.emailNow', defaultMessage: 'Also e-mail it now' },
  emailNowHint: {
    id: 'classes.emailNowHint',
    defaultMessage:
      'Members who get announcements in the daily summary receive this one at once (not those who turned them off).',
  },
  post: { id: 'classes.post', defaultMessage: 'Post' },
  streamLoadFailed: { id: 'classes.streamLoadFailed', defaultMessage: 'The stream could not be loaded' },
  loadingStream: { id: 'classes.loadingStream', defaultMessage: 'Loading the stream…' },
  noAnnouncements: { id: 'classes.noAnnouncements', defaultMessage: 'No announcements yet.' },
  formerTeacher: { id: 'classes.formerTeacher', defaultMessage: 'A former teacher' },
  streamPages: { id: 'classes.streamPages', defaultMessage: 'Stream pages' },
  // The learner's grades in a class.
  gradesLoadFailed: { id: 'classes.gradesLoadFailed', defaultMessage: 'Your grades could not be loaded' },
  loadingGrades: { id: 'classes.loadingGrades', defaultMessage: 'Loading your grades…' },
  noAssessmentAssigned: {
    id: 'classes.noAssessmentAssigned',
    defaultMessage: 'No assessment is assigned to you in this class yet.',
  },
  colAssessment: { id: 'classes.colAssessment', defaultMessage: 'Assessment' },
  colScore: { id: 'classes.colScore', defaultMessage: 'Score' },
  dueSuffix: { id: 'classes.dueSuffix', defaultMessage: ' · due {date}' },
  gradeState: {
    id: 'classes.gradeState',
    defaultMessage: '{state, select, unreleased {Not released yet} grading {Being graded} other {Not submitted}}',
  },
  pointsOf: { id: 'classes.pointsOf', defaultMessage: '{points} / {max}' },
  percentOf: { id: 'classes.percentOf', defaultMessage: '({percent} %)' },
  pending: { id: 'classes.pending', defaultMessage: 'Pending' },
  gradesPages: { id: 'classes.gradesPages', defaultMessage: 'Grades pages' },
  // The class gradebook.
  addCourseFirst: { id: 'classes.addCourseFirst', defaultMessage: 'Add a course to the class to see its gradebook.' },
  course: { id: 'classes.course', defaultMessage: 'Course' },
  gradebookLoadFailed: { id: 'classes.gradebookLoadFailed', defaultMessage: 'The gradebook could not be loaded' },
  loadingGradebook: { id: 'classes.loadingGradebook', defaultMessage: 'Loading the gradebook…' },
  noStudentsEnrolled: {
    id: 'classes.noStudentsEnrolled',
    defaultMessage: 'No students of this class are enrolled in this course yet.',
  },
  gradebookSummary: {
    id: 'classes.gradebookSummary',
    defaultMessage:
      '{students, plural, one {# student} other {# students}} of this class · {assessments, plural, one {# assessment} other {# assessments}} · the course’s own counting rules and weights',
  },
  gradebookPages: { id: 'classes.gradebookPages', defaultMessage: 'Class gradebook pages' },
  // The calendar feed.
  calendarTitle: { id: 'classes.calendarTitle', defaultMessage: 'Due dates in your calendar' },
  calendarHint: {
    id: 'classes.calendarHint',
    defaultMessage:
      'Subscribe from Google Calendar, Outlook or Apple Calendar with your private address. Anyone who has it can see your due dates: keep it to yourself, and reset it if it was shared.',
  },
  showCalendarAddress: { id: 'classes.showCalendarAddress', defaultMessage: 'Show my calendar address' },
  privateAddress: { id: 'classes.privateAddress', defaultMessage: 'Private calendar address' },
  copy: { id: 'classes.copy', defaultMessage: '{copied, select, yes {Copied} other {Copy}}' },
  resetAddress: { id: 'classes.resetAddress', defaultMessage: 'Reset address' },
  resetQuestion: { id: 'classes.resetQuestion', defaultMessage: 'Reset your calendar address?' },
  newAddressReady: {
    id: 'classes.newAddressReady',
    defaultMessage: 'New calendar address ready: subscribe again with it',
  },
  resetFailed: { id: 'classes.resetFailed', defaultMessage: 'The address could not be reset' },
  resetBody: {
    id: 'classes.resetBody',
    defaultMessage: 'The old address stops working at once; calendars subscribed to it stop updating.',
  },
});
