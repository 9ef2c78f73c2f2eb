import type { CourseCard } from '@lyceum/contract';

/** A published course card by the demo teacher Grace Hopper, without reviews or students; `overrides` change it. */
export function makeCourseCard(overrides: Partial<CourseCard> = {}): CourseCard {
  return {
    id: '4a1c9e3b-2d6f-4b8a-9c0e-1f2a3b4c5d6e',
    title: 'Photography Fundamentals',
    category: 'Photography',
    excerpt: '',
    status: 'published',
    teacher: {
      id: '0b8f5a52-7f3c-4d0e-9a55-3f0f8f4b6c11',
      firstname: 'Grace',
      lastname: 'Hopper',
      username: 'grace',
      profileImage: null,
      role: 'teacher',
    },
    rating: { average: null, count: 0 },
    enrolledCount: 0,
    publishedAt: '2026-01-10T10:00:00.000Z',
    heldAt: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}
