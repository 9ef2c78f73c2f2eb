import { randomUUID } from 'node:crypto';
import { rubricScoreFor, type CreateRubricInput, type RubricCriterion, type RubricSelections } from '@lyceum/contract';
import { fieldError } from '#lib/errors.js';
import { round2 } from '#lib/counting.js';

type CriteriaInput = CreateRubricInput['criteria'];

/** Criteria as stored: every criterion and level has an id (kept when the teacher sent one, else new). */
export function normaliseCriteria(input: CriteriaInput): RubricCriterion[] {
  const seen = new Set<string>();
  const fresh = (id: string | undefined, path: string) => {
    if (id && seen.has(id)) throw fieldError(path, 'repeats an id used elsewhere in the rubric');
    const value = id ?? randomUUID();
    seen.add(value);
    return value;
  };
  return input.map((criterion, c) => ({
    id: fresh(criterion.id, `criteria.${c}.id`),
    title: criterion.title,
    description: criterion.description,
    levels: criterion.levels.map((level, l) => ({
      id: fresh(level.id, `criteria.${c}.levels.${l}.id`),
      title: level.title,
      description: level.description,
      points: level.points,
    })),
  }));
}

/** The rubric's maximum: each criterion's best level, added up. */
export function rubricMaxPoints(criteria: readonly RubricCriterion[]): number {
  return round2(criteria.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((l) => l.points)), 0));
}

/**
 * Scoring by level: one level chosen for every criterion (400 naming the criterion otherwise); the total is the
 * chosen levels' points added up.
 */
export function rubricTotal(criteria: readonly RubricCriterion[], selections: RubricSelections): number {
  const known = new Set(criteria.map((c) => c.id));
  for (const id of Object.keys(selections)) {
    if (!known.has(id)) throw fieldError(`rubric.selections.${id}`, 'is not a criterion of this rubric');
  }
  let total = 0;
  for (const criterion of criteria) {
    const levelId = selections[criterion.id];
    if (!levelId) throw fieldError(`rubric.selections.${criterion.id}`, `choose a level for "${criterion.title}"`);
    const level = criterion.levels.find((l) => l.id === levelId);
    if (!level) throw fieldError(`rubric.selections.${criterion.id}`, 'is not a level of this criterion');
    total += level.points;
  }
  return round2(total);
}

/** A rubric total as a question's score: the contract's rule, two decimals (ADR 032). */
export { rubricScoreFor };
