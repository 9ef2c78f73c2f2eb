import { createEmptyCard, fsrs, generatorParameters, Rating, State, type Card } from 'ts-fsrs';

/**
 * Mistake-notebook scheduling with FSRS (ts-fsrs, docs/decisions/032-grading.md). A card per (student, question);
 * a practice answer is rated "good" (right) or "again" (wrong): good moves the card's next review further out,
 * again brings it back soon (relearning). Parameters: ts-fsrs's defaults (FSRS-6 weights), 90 % requested
 * retention, 1 year maximum interval, fuzz off (the same history gives the same schedule, so tests and two app
 * nodes agree), short-term steps on (a miss comes back within the session: 1 and 10 minutes).
 */
export const FSRS_PARAMETERS = generatorParameters({
  request_retention: 0.9,
  maximum_interval: 365,
  enable_fuzz: false,
  enable_short_term: true,
});

const scheduler = fsrs(FSRS_PARAMETERS);

export type PracticeRating = 'again' | 'good';
export type CardStateName = 'new' | 'learning' | 'review' | 'relearning';

/** The card as the database stores it (mistake_cards columns). */
export interface MistakeCardState {
  due: Date;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  state: CardStateName;
  lastReview: Date | null;
}

const STATE_NAMES: Record<State, CardStateName> = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
};
const STATES: Record<CardStateName, State> = {
  new: State.New,
  learning: State.Learning,
  review: State.Review,
  relearning: State.Relearning,
};

function fromCard(card: Card): MistakeCardState {
  return {
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: STATE_NAMES[card.state],
    lastReview: card.last_review ?? null,
  };
}

function toCard(state: MistakeCardState, now: Date): Card {
  const elapsed = state.lastReview ? Math.max(0, (now.getTime() - state.lastReview.getTime()) / 86_400_000) : 0;
  return {
    due: state.due,
    stability: state.stability,
    difficulty: state.difficulty,
    elapsed_days: Math.floor(elapsed),
    scheduled_days: state.scheduledDays,
    learning_steps: state.learningSteps,
    reps: state.reps,
    lapses: state.lapses,
    state: STATES[state.state],
    ...(state.lastReview ? { last_review: state.lastReview } : {}),
  };
}

/** A mistake just landed in the notebook: due at once. */
export function newMistakeCard(now: Date): MistakeCardState {
  return fromCard(createEmptyCard(now));
}

/** The card after a practice answer rated `rating` at `now`. */
export function reviewMistakeCard(state: MistakeCardState, rating: PracticeRating, now: Date): MistakeCardState {
  const grade = rating === 'good' ? Rating.Good : Rating.Again;
  return fromCard(scheduler.next(toCard(state, now), now, grade).card);
}

/** Due for practice at `now` (the dashboard's "N to review today" counts cards due before the end of the day). */
export function isDue(state: MistakeCardState, at: Date): boolean {
  return state.due.getTime() <= at.getTime();
}
