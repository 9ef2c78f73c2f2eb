/**
 * Item analysis of an assessment (docs/decisions/032-grading.md), as Moodle's and Canvas's quiz reports do it.
 * Pure: the caller loads the submitted attempts (one per learner: the counted one) and their answers.
 *
 * - facility: the share of the question's points the attempts that got the question earned (0..1);
 * - discrimination (Kelley's upper-lower index): attempts ranked by total score, the top and bottom 27 %
 *   (at least one attempt each, never overlapping); D = mean share earned in the top group − in the bottom group,
 *   over the group members that got the question (−1..1; null with fewer than 2 attempts or an empty group);
 * - choice counts: how many attempts picked each choice (choice questions);
 * - flags: negative discrimination; a distractor nobody picked (once at least 5 attempts got the question);
 *   a key choice that most of the top group missed.
 */

export const GROUP_SHARE = 0.27;
/** Below this many answers, "nobody picked this distractor" says nothing. */
export const MIN_ANSWERS_FOR_DISTRACTOR_FLAG = 5;

export interface AnalysedQuestion {
  id: string;
  points: number;
  /** For choice questions: every choice id, and the ids of the key (correct) choices. */
  choiceIds?: readonly string[];
  keyChoiceIds?: readonly string[];
}

export interface AnalysedAnswer {
  questionId: string;
  /** Points earned (null: not graded yet; left out of facility and discrimination). */
  score: number | null;
  /** The choices picked (choice questions). */
  choiceIds?: readonly string[];
}

export interface AnalysedAttempt {
  id: string;
  /** The attempt's total (ranks attempts for the top and bottom groups). */
  total: number;
  /** One entry per question the attempt got (an unanswered question: score 0, no choices). */
  answers: readonly AnalysedAnswer[];
}

export type ItemFlag = 'negative_discrimination' | 'unused_distractor' | 'key_missed_by_top';

export interface ItemStats {
  questionId: string;
  /** Graded answers counted. */
  answers: number;
  facility: number | null;
  discrimination: number | null;
  /** Per choice id: how many attempts picked it (choice questions only). */
  choiceCounts: Record<string, number> | null;
  flags: ItemFlag[];
  /** The choices behind the choice flags. */
  unusedDistractors: string[];
  missedKeys: string[];
}

export interface ItemAnalysis {
  attempts: number;
  /** Size of each of the top and bottom groups. */
  groupSize: number;
  items: ItemStats[];
}

const round3 = (value: number) => Math.round((value + Number.EPSILON) * 1000) / 1000;

/** The size of the top and bottom groups for n attempts: 27 % rounded, at least 1, at most half. */
export function groupSize(n: number): number {
  if (n < 2) return 0;
  return Math.min(Math.floor(n / 2), Math.max(1, Math.round(n * GROUP_SHARE)));
}

export function analyseItems(
  questions: readonly AnalysedQuestion[],
  attempts: readonly AnalysedAttempt[],
): ItemAnalysis {
  // Highest total first; ties broken by id so that the groups do not depend on the input's order.
  const ranked = [...attempts].sort((a, b) => b.total - a.total || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const size = groupSize(ranked.length);
  const top = new Set(ranked.slice(0, size).map((a) => a.id));
  const bottom = new Set(size > 0 ? ranked.slice(-size).map((a) => a.id) : []);

  const items = questions.map((question): ItemStats => {
    const isChoice = question.choiceIds !== undefined;
    const choiceCounts: Record<string, number> | null = isChoice
      ? Object.fromEntries(question.choiceIds!.map((id) => [id, 0]))
      : null;
    let earned = 0;
    let graded = 0;
    let got = 0;
    const group = { top: { share: 0, n: 0 }, bottom: { share: 0, n: 0 } };
    const topPicks = new Map<string, number>();

    for (const attempt of ranked) {
      const answer = attempt.answers.find((a) => a.questionId === question.id);
      if (!answer) continue;
      got += 1;
      if (choiceCounts) {
        for (const choice of new Set(answer.choiceIds ?? [])) {
          if (choice in choiceCounts) choiceCounts[choice] = (choiceCounts[choice] ?? 0) + 1;
          if (top.has(attempt.id)) topPicks.set(choice, (topPicks.get(choice) ?? 0) + 1);
        }
      }
      if (answer.score === null || question.points <= 0) continue;
      const share = Math.max(0, Math.min(1, answer.score / question.points));
      earned += share;
      graded += 1;
      if (top.has(attempt.id)) {
        group.top.share += share;
        group.top.n += 1;
      }
      if (bottom.has(attempt.id)) {
        group.bottom.share += share;
        group.bottom.n += 1;
      }
    }

    const facility = graded > 0 ? round3(earned / graded) : null;
    const discrimination =
      group.top.n > 0 && group.bottom.n > 0
        ? round3(group.top.share / group.top.n - group.bottom.share / group.bottom.n)
        : null;

    const flags: ItemFlag[] = [];
    if (discrimination !== null && discrimination < 0) flags.push('negative_discrimination');
    const keys = new Set(question.keyChoiceIds ?? []);
    const unusedDistractors =
      choiceCounts && got >= MIN_ANSWERS_FOR_DISTRACTOR_FLAG
        ? question.choiceIds!.filter((id) => !keys.has(id) && choiceCounts[id] === 0)
        : [];
    if (unusedDistractors.length > 0) flags.push('unused_distractor');
    const topGot = ranked.filter((a) => top.has(a.id) && a.answers.some((x) => x.questionId === question.id)).length;
    const missedKeys = choiceCounts && topGot > 0 ? [...keys].filter((id) => (topPicks.get(id) ?? 0) * 2 < topGot) : [];
    if (missedKeys.length > 0) flags.push('key_missed_by_top');

    return {
      questionId: question.id,
      answers: graded,
      facility,
      discrimination,
      choiceCounts,
      flags,
      unusedDistractors,
      missedKeys,
    };
  });

  return { attempts: ranked.length, groupSize: size, items };
}
