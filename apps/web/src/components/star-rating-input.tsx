import { RATING } from '@lyceum/contract/constants';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useId, useState } from 'react';
import classes from './star-rating-input.module.css';

const STARS = Array.from({ length: RATING.max - RATING.min + 1 }, (_, i) => i + RATING.min);

export function starLabel(value: number): string {
  return `${value} ${value === 1 ? 'star' : 'stars'}`;
}

export interface StarRatingInputProps {
  /** The chosen rating, RATING.min–RATING.max (forms start at RATING.default). */
  value: number;
  onChange: (value: number) => void;
  /** The group's visible name. */
  label?: string;
  /** Star size in pixels. */
  size?: number;
  disabled?: boolean;
}

/**
 * A 1–5 star picker built from native radio buttons: Tab reaches the chosen star, the arrow keys move and
 * choose, and screen readers hear "3 stars, radio button, 3 of 5". Hovering previews a value.
 */
export function StarRatingInput({
  value,
  onChange,
  label = 'Rating',
  size = 28,
  disabled = false,
}: StarRatingInputProps) {
  const name = useId();
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = disabled ? value : (hovered ?? value);
  return (
    <fieldset className={classes.fieldset} disabled={disabled}>
      <legend className={classes.legend}>{label}</legend>
      <div className={classes.row}>
        <div className={classes.stars} onMouseLeave={() => setHovered(null)}>
          {STARS.map((star) => (
            <label key={star} className={classes.option} onMouseEnter={() => setHovered(star)}>
              <input
                type="radio"
                className={classes.input}
                name={name}
                value={star}
                checked={value === star}
                onChange={() => onChange(star)}
                aria-label={starLabel(star)}
              />
              {star <= shown ? (
                <IconStarFilled size={size} className={classes.filled} aria-hidden />
              ) : (
                <IconStar size={size} className={classes.empty} aria-hidden />
              )}
            </label>
          ))}
        </div>
        <span className={classes.value} aria-hidden>
          {value} / {RATING.max}
        </span>
      </div>
    </fieldset>
  );
}
