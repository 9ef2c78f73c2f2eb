export { ForumQuestionAnswerPage as TeacherQuestionAnswerPage } from '../forum-question-answer-page';
