import type { Grade, MatchingKey, MatchingResponse } from '@lyceum/contract';
import { gradeOf } from './grade.js';

/** Each prompt matched to its option earns an equal share; unanswered prompts earn nothing. */
export function gradeMatching(key: MatchingKey, response: MatchingResponse, points: number): Grade {
  const prompts = Object.keys(key.pairs);
  const right = prompts.filter((prompt) => response.pairs[prompt] === key.pairs[prompt]).length;
  return gradeOf(prompts.length === 0 ? 0 : right / prompts.length, points);
}
