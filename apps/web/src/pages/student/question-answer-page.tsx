export { ForumQuestionAnswerPage as StudentQuestionAnswerPage } from '../forum-question-answer-page';
