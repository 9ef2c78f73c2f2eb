import type { CourseCard as CourseCardData } from '@lyceum/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCourseCard } from '../test/courses';
import { renderWithApp } from '../test/render';
import { CourseCard } from './course-card';

const course: CourseCardData = makeCourseCard({
  excerpt: 'Light, exposure and composition for people who just bought a camera.',
});

describe('the course card', () => {
  it('shows category, title linking to the course, instructor, excerpt and Enroll Now', () => {
    renderWithApp(<CourseCard course={course} />);
    const card = screen.getByRole('article', { name: 'Photography Fundamentals' });
    expect(card).toHaveTextContent('Photography');
    expect(screen.getByRole('link', { name: 'Photography Fundamentals' })).toHaveAttribute(
      'href',
      `/course-details/${course.id}`,
    );
    expect(card).toHaveTextContent('Instructor: Grace Hopper');
    expect(card).toHaveTextContent('Light, exposure and composition');
    expect(screen.getByRole('link', { name: 'Enroll Now: Photography Fundamentals' })).toHaveAttribute(
      'href',
      `/course-details/${course.id}`,
    );
  });

  it('makes up no numbers: no rating without reviews, no "3 Month" duration, the real enrolled count', () => {
    renderWithApp(<CourseCard course={course} />);
    const card = screen.getByRole('article');
    expect(screen.queryByRole('img', { name: /rated/i })).not.toBeInTheDocument();
    expect(screen.queryByTestId('rating-summary')).not.toBeInTheDocument();
    expect(card).not.toHaveTextContent(/month|review|4\.67|0\.0/i);
    expect(card).toHaveTextContent('0 enrolled');
  });

  it('shows the real average and number of reviews when there are some', () => {
    renderWithApp(<CourseCard course={{ ...course, rating: { average: 4.5, count: 12 }, enrolledCount: 1234 }} />);
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    expect(screen.getByRole('article')).toHaveTextContent('(12 reviews)');
    expect(screen.getByRole('article')).toHaveTextContent('1,234 enrolled');
  });

  it('shows the first name only where the spec asks, and custom actions instead of Enroll Now', () => {
    renderWithApp(<CourseCard course={course} instructorName="first" actions={<button type="button">Edit</button>} />);
    expect(screen.getByRole('article')).toHaveTextContent('Instructor: Grace');
    expect(screen.getByRole('article')).not.toHaveTextContent('Hopper');
    expect(screen.queryByRole('link', { name: /Enroll Now/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });
});
