import { ComingSoon } from '../../components/coming-soon';
import { paths } from '../../config/paths';

export function StudentQuizAttemptsPage() {
  return (
    <ComingSoon
      title="My Quiz Attempts"
      description="Quizzes are not part of Lyceum yet. Your attempts and results will appear here once they are."
      action={{ label: 'Back to the dashboard', href: paths.student.dashboard.href() }}
    />
  );
}
