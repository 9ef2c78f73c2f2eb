import { defineMessages } from '@/i18n/define-messages';

/** The shared pieces of components/ that show text: the course card and the star rating (docs/i18n.md). */
export const cardMessages = defineMessages({
  instructor: { id: 'cards.instructor', defaultMessage: 'Instructor: <b>{name}</b>' },
  enrolled: {
    id: 'cards.enrolled',
    defaultMessage: '{count, plural, one {{n} enrolled} other {{n} enrolled}}',
    description: 'n: the count written with English digits (as every count on the page, docs/i18n.md)',
  },
  enrollNow: { id: 'cards.enrollNow', defaultMessage: 'Enroll Now' },
  enrollNowLabel: { id: 'cards.enrollNowLabel', defaultMessage: 'Enroll Now: {title}' },
  rated: { id: 'cards.rated', defaultMessage: 'Rated {rating} out of {max}' },
  reviews: { id: 'cards.reviews', defaultMessage: '{count, plural, one {{n} review} other {{n} reviews}}' },
});
