import { useParams } from 'react-router';
import { ChildOverview } from '@/features/guardians/components/child-overview';

/** /guardian/children/:studentId: one child's classes and work due, read-only (404 for a child not linked). */
export function GuardianChildPage() {
  const { studentId = '' } = useParams();
  return <ChildOverview key={studentId} studentId={studentId} />;
}
