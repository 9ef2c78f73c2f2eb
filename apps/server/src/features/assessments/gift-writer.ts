import { type BankQuestion } from '@lyceum/contract';
import { choiceWeight } from './question-types/multiple-choice.js';

// ---------------------------------------------------------------------------------------------
// Export
// ---------------------------------------------------------------------------------------------

/**
 * Escapes GIFT's special characters in a text, and writes a line break as `\n` (as Moodle does: a real blank line
 * would end the question), so code in `<pre>` comes back as it was.
 */
export function escapeGift(text: string): string {
  return text
    .replace(/\r/g, '')
    .replace(/[\\~=#{}:]/g, (char) => `\\${char}`)
    .replace(/\n/g, '\\n');
}

export function number(value: number): string {
  return String(Math.round(value * 100_000) / 100_000);
}

export function feedbackPart(text: string): string {
  return text ? `#${escapeGift(text)}` : '';
}

/** The GIFT answer part of a question, or the reason it has none. */
export function answerOf(question: BankQuestion): { answer: string; stem?: string } | { skip: string } {
  const general = question.feedback.general ? `####${escapeGift(question.feedback.general)}` : '';
  const { content } = question;
  switch (content.type) {
    case 'multiple_choice': {
      const { body, key } = content;
      const parts = body.choices.map((choice) => {
        const weight = choiceWeight(key, body, choice.id);
        const fb = feedbackPart(key.choiceFeedback[choice.id] ?? '');
        if (body.multiple) return `~%${number(weight)}%${escapeGift(choice.text)}${fb}`;
        // One answer: every full-marks choice is an `=` (Moodle: any one of them is right).
        if (weight === 100) return `=${escapeGift(choice.text)}${fb}`;
        return `~${weight ? `%${number(weight)}%` : ''}${escapeGift(choice.text)}${fb}`;
      });
      return { answer: `{\n${parts.map((part) => `\t${part}`).join('\n')}\n${general}}` };
    }
    case 'true_false': {
      const wrong = question.feedback.incorrect;
      const right = question.feedback.correct;
      const feedback = wrong || right ? `#${escapeGift(wrong)}${right ? `#${escapeGift(right)}` : ''}` : '';
      return { answer: `{${content.key.answer ? 'TRUE' : 'FALSE'}${feedback}${general}}` };
    }
    case 'short_answer':
      if (content.key.mode === 'manual') return { skip: 'short answers graded by a person have no GIFT form' };
      return {
        answer: `{${content.key.accepted
          .map((text) => {
            const weight = content.key.weights?.[text] ?? 100;
            const fb = feedbackPart(content.key.answerFeedback?.[text] ?? '');
            return `=${weight === 100 ? '' : `%${number(weight)}%`}${escapeGift(text)}${fb}`;
          })
          .join(' ')}${general}}`,
      };
    case 'fill_blank': {
      const [blank, ...others] = content.key.blanks;
      if (!blank || others.length > 0) return { skip: 'GIFT has one blank per question' };
      const [before = '', after = ''] = content.body.sentence.split('[[1]]');
      const answer = `{${blank.accepted.map((text) => `=${escapeGift(text)}`).join(' ')}${general}}`;
      return { stem: escapeGift(before), answer: `${answer}${escapeGift(after)}` };
    }
    case 'essay':
      return { answer: `{${general}}` };
    case 'task':
      return { skip: 'GIFT has no file or assignment submissions' };
    case 'description':
      // Moodle's description: the text alone, no braces (ADR 051).
      return { answer: '' };
    case 'matching': {
      const { body, key } = content;
      const used = new Set(Object.values(key.pairs));
      const options = new Map(body.options.map((option) => [option.id, option.text]));
      const pairs = body.prompts.map(
        (prompt) => `=${escapeGift(prompt.text)} -> ${escapeGift(options.get(key.pairs[prompt.id] ?? '') ?? '')}`,
      );
      const distractors = body.options
        .filter((option) => !used.has(option.id))
        .map((option) => `= -> ${escapeGift(option.text)}`);
      return { answer: `{\n${[...pairs, ...distractors].map((part) => `\t${part}`).join('\n')}\n${general}}` };
    }
    case 'ordering':
      return { skip: 'GIFT has no ordering questions' };
    case 'numeric': {
      const parts = content.key.answers.map((answer) => {
        const value =
          'min' in answer
            ? `${number(answer.min)}..${number(answer.max)}`
            : `${number(answer.value)}:${number(answer.tolerance)}`;
        return `=${answer.weight === 100 ? '' : `%${number(answer.weight)}%`}${value}${feedbackPart(answer.feedback ?? '')}`;
      });
      // Feedback for any other number: Moodle's `~#…` (a wrong answer's feedback, on import).
      const otherwise = question.feedback.incorrect ? ` ~${feedbackPart(question.feedback.incorrect)}` : '';
      return { answer: `{#${parts.join(' ')}${otherwise}${general}}` };
    }
  }
}

/** A bank as a GIFT file; questions GIFT cannot express are listed in comments instead. */
export function exportGift(questions: BankQuestion[]): string {
  const out: string[] = [
    '// Exported from Lyceum as GIFT (Moodle). "// [points:N]" keeps each question\'s points.',
    '',
  ];
  for (const question of questions) {
    const result = answerOf(question);
    if ('skip' in result) {
      out.push(`// Not exported: "${question.title.replace(/\s+/g, ' ')}" (${result.skip})`, '');
      continue;
    }
    const meta = [
      `[points:${number(question.points)}]`,
      ...question.tags.map((tag) => `[tag:${tag.replace(/[\]\n]/g, ' ')}]`),
    ];
    out.push(`// ${meta.join(' ')}`);
    const stem = result.stem ?? (question.prompt ? `[html]${escapeGift(question.prompt)}` : '');
    out.push(`::${escapeGift(question.title)}:: ${stem}${result.answer}`, '');
  }
  return out.join('\n');
}
