import { PageHeader } from '../components/page-header';
import { QuestionAnswerArea } from '../features/forum/components/question-answer-area';

/** "Questions & Answer" of the student and the teacher area: the viewer's own forum posts. */
export function ForumQuestionAnswerPage() {
  return (
    <>
      <PageHeader
        title="Questions & Answer"
        description="The questions you asked and the answers you gave in the forum."
      />
      <QuestionAnswerArea />
    </>
  );
}
