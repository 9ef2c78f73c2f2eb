import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render';
import { StarRating } from './star-rating';

describe('StarRating', () => {
  it.each([
    [3.5, '3.5', '3', '1'],
    [3.2, '3.2', '3', '0'],
    [4.8, '4.8', '5', '0'],
    [2.3, '2.3', '2', '1'],
    [1, '1.0', '1', '0'],
  ])('shows %s as "Rated %s out of 5", gold over %s stars and %s half', (value, label, full, half) => {
    renderWithApp(<StarRating value={value} />);
    const stars = screen.getByRole('img', { name: `Rated ${label} out of 5` });
    expect(stars.style.getPropertyValue('--full-stars')).toBe(full);
    expect(stars.style.getPropertyValue('--half-star')).toBe(half);
  });
});
