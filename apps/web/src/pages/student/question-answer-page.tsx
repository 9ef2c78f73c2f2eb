import { PageHeader } from '../../components/page-header';
import { QuestionAnswerArea } from '../../features/forum/components/question-answer-area';

export function StudentQuestionAnswerPage() {
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
