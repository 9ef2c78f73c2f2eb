import { CreateBankQuestionBodySchema, QUESTION_LIMITS, type CreateBankQuestionInput } from '@lyceum/contract';
import { child, childrenNamed, descendants, serialize, textOf, type XmlElement, type XmlNode } from './xml.js';

/*
 * One QTI 2.1 / 3.0 assessmentItem → one bank question (ADR 064's mapping table), or the reason it is refused.
 * The XML was parsed by xml.ts, which reads QTI 3.0's `qti-` names as QTI 2.1's.
 */

export type ItemOutcome =
  | { ok: true; identifier: string; input: CreateBankQuestionInput; notices: string[] }
  | { ok: false; identifier: string; reason: string };

const SUPPORTED = new Set([
  'choiceInteraction',
  'orderInteraction',
  'matchInteraction',
  'textEntryInteraction',
  'extendedTextInteraction',
  'inlineChoiceInteraction',
]);
const INLINE = new Set(['textEntryInteraction', 'inlineChoiceInteraction']);
/** Parts of an item body that are not the question's text (feedback, rubrics, templates). */
const NOT_PROMPT = new Set(['modalFeedback', 'feedbackBlock', 'feedbackInline', 'rubricBlock', 'templateBlock']);
const ITEM_ID = /^[A-Za-z0-9_-]{1,40}$/;

interface Declaration {
  baseType: string;
  cardinality: string;
  correct: string[];
  mapping: { key: string; value: number; caseSensitive: boolean }[];
}

class Refused extends Error {}

function declarations(item: XmlElement): Map<string, Declaration> {
  const found = new Map<string, Declaration>();
  for (const declaration of childrenNamed(item, 'responseDeclaration')) {
    const correct = child(declaration, 'correctResponse');
    const mapping = child(declaration, 'mapping');
    found.set(declaration.attrs.identifier ?? '', {
      baseType: declaration.attrs.baseType ?? '',
      cardinality: declaration.attrs.cardinality ?? 'single',
      correct: correct ? childrenNamed(correct, 'value').map((value) => textOf(value).trim()) : [],
      mapping: mapping
        ? childrenNamed(mapping, 'mapEntry').map((entry) => ({
            key: (entry.attrs.mapKey ?? '').trim(),
            value: Number(entry.attrs.mappedValue ?? 0),
            caseSensitive: entry.attrs.caseSensitive === 'true',
          }))
        : [],
    });
  }
  return found;
}

/** The item's points: MAXSCORE's default value, else SCORE's normalMaximum, else 1. */
function pointsOf(item: XmlElement): number {
  const outcomes = childrenNamed(item, 'outcomeDeclaration');
  const valueOf = (id: string) => {
    const outcome = outcomes.find((o) => o.attrs.identifier === id);
    const value = outcome && child(outcome, 'defaultValue');
    const text = value && child(value, 'value');
    return text ? Number(textOf(text).trim()) : NaN;
  };
  const normal = Number(outcomes.find((o) => o.attrs.identifier === 'SCORE')?.attrs.normalMaximum ?? NaN);
  const points = [valueOf('MAXSCORE'), normal].find((n) => Number.isFinite(n) && n >= 0);
  return Math.min(points ?? 1, QUESTION_LIMITS.maxPoints);
}

/** Item ids as the bank takes them: QTI's own when they fit, else c1, c2, … (in order). */
function idMap(identifiers: string[], prefix: string): Map<string, string> {
  const fits = identifiers.every((id) => ITEM_ID.test(id)) && new Set(identifiers).size === identifiers.length;
  return new Map(identifiers.map((id, i) => [id, fits ? id : `${prefix}${i + 1}`]));
}

const plain = (node: XmlNode) => textOf(node).trim();

function declarationOf(all: Map<string, Declaration>, interaction: XmlElement): Declaration {
  const id = interaction.attrs.responseIdentifier ?? '';
  const found = all.get(id);
  if (!found) throw new Refused(`its interaction names the response "${id}", which the item does not declare`);
  return found;
}

/** The correct values, or the mapped keys worth points when the item gives only a mapping. */
function keysOf(declaration: Declaration): string[] {
  const keys = declaration.correct.length
    ? declaration.correct
    : declaration.mapping.filter((m) => m.value > 0).map((m) => m.key);
  return [...new Set(keys.filter(Boolean))];
}

/** A typed answer's accepted texts: the correct values and every mapped key worth points. */
function acceptedOf(declaration: Declaration): string[] {
  const mapped = declaration.mapping.filter((m) => m.value > 0).map((m) => m.key);
  return [...new Set([...declaration.correct, ...mapped].filter(Boolean))];
}

/** The item body's markup without the given interactions (replaced by `gap` when given) and feedback parts. */
function promptOf(body: XmlElement, without: Set<XmlElement>, gap = ''): string {
  return body.children
    .map((node) =>
      serialize(node, (element) => (NOT_PROMPT.has(element.name) ? '' : without.has(element) ? gap : null)),
    )
    .join('')
    .trim();
}

/** A block interaction's own <prompt>, as a paragraph after the body's text. */
function interactionPrompt(interaction: XmlElement): string {
  const prompt = child(interaction, 'prompt');
  return prompt
    ? `<p>${prompt.children
        .map((node) => serialize(node))
        .join('')
        .trim()}</p>`
    : '';
}

function choiceContent(interaction: XmlElement, declaration: Declaration): CreateBankQuestionInput['content'] {
  const choices = childrenNamed(interaction, 'simpleChoice');
  const ids = idMap(
    choices.map((choice) => choice.attrs.identifier ?? ''),
    'c',
  );
  const correct = keysOf(declaration).map((key) => ids.get(key) ?? key);
  const multiple = declaration.cardinality === 'multiple';
  const lower = choices.map((choice) => (choice.attrs.identifier ?? '').toLowerCase()).sort();
  if (!multiple && lower.length === 2 && lower[0] === 'false' && lower[1] === 'true')
    return { type: 'true_false', body: {}, key: { answer: (correct[0] ?? '').toLowerCase() === 'true' } };
  return {
    type: 'multiple_choice',
    body: {
      choices: choices.map((choice) => ({ id: ids.get(choice.attrs.identifier ?? '') ?? '', text: plain(choice) })),
      multiple,
    },
    key: { correct, weights: {}, choiceFeedback: {} },
  };
}

function orderContent(interaction: XmlElement, declaration: Declaration): CreateBankQuestionInput['content'] {
  const items = childrenNamed(interaction, 'simpleChoice');
  const ids = idMap(
    items.map((item) => item.attrs.identifier ?? ''),
    'i',
  );
  return {
    type: 'ordering',
    body: { items: items.map((item) => ({ id: ids.get(item.attrs.identifier ?? '') ?? '', text: plain(item) })) },
    key: { order: declaration.correct.map((key) => ids.get(key) ?? key) },
  };
}

function matchContent(interaction: XmlElement, declaration: Declaration): CreateBankQuestionInput['content'] {
  const sets = childrenNamed(interaction, 'simpleMatchSet');
  if (sets.length !== 2) throw new Refused('its match interaction does not have two match sets');
  const [left, right] = sets.map((set) => childrenNamed(set, 'simpleAssociableChoice')) as [XmlElement[], XmlElement[]];
  const promptIds = idMap(
    left.map((c) => c.attrs.identifier ?? ''),
    'p',
  );
  const optionIds = idMap(
    right.map((c) => c.attrs.identifier ?? ''),
    'o',
  );
  const pairs: Record<string, string> = {};
  for (const value of keysOf(declaration)) {
    let [from = '', to = ''] = value.split(/\s+/);
    if (!promptIds.has(from) && promptIds.has(to)) [from, to] = [to, from];
    const prompt = promptIds.get(from);
    const option = optionIds.get(to);
    if (!prompt || !option) throw new Refused(`its correct pair "${value}" names unknown choices`);
    if (pairs[prompt])
      throw new Refused(`"${from}" matches several options; a Lyceum matching question takes one per prompt`);
    pairs[prompt] = option;
  }
  return {
    type: 'matching',
    body: {
      prompts: left.map((c) => ({ id: promptIds.get(c.attrs.identifier ?? '') ?? '', text: plain(c) })),
      options: right.map((c) => ({ id: optionIds.get(c.attrs.identifier ?? '') ?? '', text: plain(c) })),
    },
    key: { pairs },
  };
}

/** The tolerance of a numeric response: the `equal` rule of the response processing (absolute or relative). */
function toleranceOf(item: XmlElement, value: number): number {
  const processing = child(item, 'responseProcessing');
  const equal = processing && descendants(processing).find((element) => element.name === 'equal');
  if (!equal) return 0;
  const [first = 0] = (equal.attrs.tolerance ?? '0').split(/\s+/).map(Number);
  if (!Number.isFinite(first) || first < 0) return 0;
  return equal.attrs.toleranceMode === 'relative' ? (Math.abs(value) * first) / 100 : first;
}

const isNumber = (declaration: Declaration) => declaration.baseType === 'float' || declaration.baseType === 'integer';

/** Whether an inline interaction stands alone in its parent (no text around it): a short answer. */
function standsAlone(body: XmlElement, interaction: XmlElement): XmlElement | null {
  const parent = [body, ...descendants(body)].find((element) => element.children.includes(interaction));
  if (!parent) return null;
  const others = parent.children.filter((node) => node !== interaction);
  return others.every((node) => plain(node) === '') ? parent : null;
}

function inlineContent(
  item: XmlElement,
  body: XmlElement,
  inline: XmlElement[],
  all: Map<string, Declaration>,
  notices: string[],
): { prompt: string; content: CreateBankQuestionInput['content'] } {
  const [first] = inline;
  if (inline.length === 1 && first?.name === 'textEntryInteraction') {
    const declaration = declarationOf(all, first);
    if (isNumber(declaration)) {
      const value = Number(keysOf(declaration)[0]);
      if (!Number.isFinite(value)) throw new Refused('its numeric response has no correct value');
      const holder = standsAlone(body, first);
      return {
        prompt: promptOf(body, new Set([holder && holder !== body ? holder : first])),
        content: {
          type: 'numeric',
          body: { unit: '' },
          key: { answers: [{ value, tolerance: toleranceOf(item, value), weight: 100 }] },
        },
      };
    }
    const alone = standsAlone(body, first);
    if (alone) {
      const accepted = acceptedOf(declaration);
      return {
        prompt: promptOf(body, new Set([alone === body ? first : alone])),
        content: {
          type: 'short_answer',
          body: {},
          key: {
            mode: accepted.length ? 'auto' : 'manual',
            accepted,
            caseSensitive: declaration.mapping.some((m) => m.caseSensitive),
          },
        },
      };
    }
  }
  if (inline.length === 1 && first?.name === 'inlineChoiceInteraction') {
    const choices = childrenNamed(first, 'inlineChoice');
    const ids = idMap(
      choices.map((c) => c.attrs.identifier ?? ''),
      'c',
    );
    const declaration = declarationOf(all, first);
    return {
      prompt: promptOf(body, new Set([first]), '<span>____</span>'),
      content: {
        type: 'multiple_choice',
        body: {
          choices: choices.map((c) => ({ id: ids.get(c.attrs.identifier ?? '') ?? '', text: plain(c) })),
          multiple: false,
        },
        key: { correct: keysOf(declaration).map((key) => ids.get(key) ?? key), weights: {}, choiceFeedback: {} },
      },
    };
  }
  // Blanks in a sentence: the element holding them is the sentence, the rest of the body the prompt.
  const parents = new Set(
    inline.map((interaction) => [body, ...descendants(body)].find((e) => e.children.includes(interaction))),
  );
  const holder = parents.size === 1 ? [...parents][0] : undefined;
  const sentenceNode = holder ?? body;
  const numbered = new Map(inline.map((interaction, i) => [interaction, i + 1]));
  const sentenceText = (node: XmlNode): string =>
    typeof node === 'string'
      ? node
      : numbered.has(node)
        ? `[[${numbered.get(node)}]]`
        : NOT_PROMPT.has(node.name)
          ? ''
          : node.children.map(sentenceText).join('') + (/^(p|div|li|h[1-6])$/.test(node.raw) ? ' ' : '');
  const sentence = sentenceText(sentenceNode).replace(/\s+/g, ' ').trim();
  const blanks = inline.map((interaction) => {
    const declaration = declarationOf(all, interaction);
    let accepted = interaction.name === 'textEntryInteraction' ? acceptedOf(declaration) : keysOf(declaration);
    if (interaction.name === 'inlineChoiceInteraction') {
      const byId = new Map(childrenNamed(interaction, 'inlineChoice').map((c) => [c.attrs.identifier ?? '', plain(c)]));
      accepted = accepted.map((key) => byId.get(key) ?? key);
      notices.push(`the choices of "${interaction.attrs.responseIdentifier ?? ''}" become a typed answer`);
    }
    if (accepted.length === 0)
      throw new Refused(`the blank "${interaction.attrs.responseIdentifier ?? ''}" has no correct response`);
    return {
      accepted,
      caseSensitive: declaration.mapping.some((m) => m.caseSensitive),
      accentSensitive: true,
      trimWhitespace: true,
    };
  });
  return {
    prompt: holder && holder !== body ? promptOf(body, new Set([holder])) : '',
    content: { type: 'fill_blank', body: { sentence }, key: { blanks } },
  };
}

/** One item's XML root → a question, or why it is refused. */
export function mapItem(item: XmlElement, file: string): ItemOutcome {
  const identifier = item.attrs.identifier ?? file;
  if (item.name !== 'assessmentItem')
    return { ok: false, identifier, reason: `not a QTI assessmentItem (its root is <${item.raw}>)` };
  const notices: string[] = [];
  try {
    const body = child(item, 'itemBody');
    if (!body) throw new Refused('it has no item body');
    const interactions = descendants(body).filter((element) => element.name.endsWith('Interaction'));
    const unsupported = [...new Set(interactions.filter((i) => !SUPPORTED.has(i.name)).map((i) => i.raw))];
    if (unsupported.length) throw new Refused(`${unsupported.join(', ')}: not a question type Lyceum's bank has`);
    const all = declarations(item);
    const inline = interactions.filter((i) => INLINE.has(i.name));
    const blocks = interactions.filter((i) => !INLINE.has(i.name));
    if (blocks.length > 1 || (blocks.length === 1 && inline.length > 0))
      throw new Refused(
        `it combines ${interactions.length} interactions (${interactions.map((i) => i.raw).join(', ')}); a bank question asks one thing`,
      );
    let prompt: string;
    let content: CreateBankQuestionInput['content'];
    const [block] = blocks;
    if (block) {
      prompt = promptOf(body, new Set([block])) + interactionPrompt(block);
      if (block.name === 'extendedTextInteraction') content = { type: 'essay', body: { wordLimit: null }, key: {} };
      else {
        const declaration = declarationOf(all, block);
        content =
          block.name === 'choiceInteraction'
            ? choiceContent(block, declaration)
            : block.name === 'orderInteraction'
              ? orderContent(block, declaration)
              : matchContent(block, declaration);
      }
    } else if (inline.length) ({ prompt, content } = inlineContent(item, body, inline, all, notices));
    else {
      prompt = promptOf(body, new Set());
      content = { type: 'description', body: {}, key: {} };
    }
    const title = (item.attrs.title ?? '').trim().slice(0, QUESTION_LIMITS.title) || identifier.slice(0, 200);
    const parsed = CreateBankQuestionBodySchema.safeParse({ title, prompt, points: pointsOf(item), content });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Refused(
        `it does not make a valid question: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
      );
    }
    return { ok: true, identifier, input: parsed.data, notices };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, identifier, reason: error.message };
    throw error;
  }
}
