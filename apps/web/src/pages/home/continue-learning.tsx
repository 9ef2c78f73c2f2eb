import type { MantineSpacing, StyleProp } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useAuth } from '@/lib/auth/auth-context';

// Only a logged-in student sees the card, and the server renders every page as a visitor: its code (and the
// enrolments query) is fetched for students alone, not with every visitor's page.
const ContinueLearningCard = lazy(async () => ({
  default: (await import('./continue-learning-card')).ContinueLearningCard,
}));

/** The home page's course-progress card for a logged-in student (continue-learning-card.tsx); nothing for others. */
export function ContinueLearning({ mt }: { mt?: StyleProp<MantineSpacing> }) {
  const { state } = useAuth();
  if (!state.isAuthenticated || state.user?.role !== 'student') return null;
  return (
    <Suspense fallback={null}>
      <ContinueLearningCard mt={mt} />
    </Suspense>
  );
}
