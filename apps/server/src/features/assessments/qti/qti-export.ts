import type { BankQuestion, QuestionContent } from '@lyceum/contract';
import { escapeXml, htmlToXml } from './xml.js';

/*
 * Bank questions → QTI 3.0 items and their content package's manifest (ADR 064). Tasks (a file hand-in) have no
 * QTI counterpart Lyceum reads back and are left out (the export answers how many).
 */

const NS = 'http://www.imsglobal.org/xsd/imsqtiasi_v3p0';
const MATCH_CORRECT = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml';
const MAP_RESPONSE = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/map_response.xml';
const e = escapeXml;

const value = (text: string) => `<qti-value>${e(text)}</qti-value>`;

function declaration(
  id: string,
  cardinality: string,
  baseType: string,
  correct: string[],
  mapping?: { keys: string[]; caseSensitive: boolean },
): string {
  const correctXml = correct.length
    ? `<qti-correct-response>${correct.map(value).join('')}</qti-correct-response>`
    : '';
  const mappingXml = mapping
    ? `<qti-mapping default-value="0">${mapping.keys
        .map((key) => `<qti-map-entry map-key="${e(key)}" mapped-value="1" case-sensitive="${mapping.caseSensitive}"/>`)
        .join('')}</qti-mapping>`
    : '';
  return `<qti-response-declaration identifier="${id}" cardinality="${cardinality}" base-type="${baseType}">${correctXml}${mappingXml}</qti-response-declaration>`;
}

const choices = (tag: string, items: { id: string; text: string }[], extra = '') =>
  items.map((item) => `<${tag} identifier="${e(item.id)}"${extra}>${e(item.text)}</${tag}>`).join('');

/** The parts of an item for a content: declarations, body after the prompt, response processing. */
function parts(content: QuestionContent): { declarations: string; body: string; processing: string } | null {
  const template = (uri: string) => `<qti-response-processing template="${uri}"/>`;
  switch (content.type) {
    case 'multiple_choice': {
      const { multiple } = content.body;
      return {
        declarations: declaration('RESPONSE', multiple ? 'multiple' : 'single', 'identifier', content.key.correct),
        body: `<qti-choice-interaction response-identifier="RESPONSE" max-choices="${multiple ? 0 : 1}">${choices('qti-simple-choice', content.body.choices)}</qti-choice-interaction>`,
        processing: template(MATCH_CORRECT),
      };
    }
    case 'true_false':
      return {
        declarations: declaration('RESPONSE', 'single', 'identifier', [String(content.key.answer)]),
        body: `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1">${choices('qti-simple-choice', [
          { id: 'true', text: 'True' },
          { id: 'false', text: 'False' },
        ])}</qti-choice-interaction>`,
        processing: template(MATCH_CORRECT),
      };
    case 'ordering':
      return {
        declarations: declaration('RESPONSE', 'ordered', 'identifier', content.key.order),
        body: `<qti-order-interaction response-identifier="RESPONSE">${choices('qti-simple-choice', content.body.items)}</qti-order-interaction>`,
        processing: template(MATCH_CORRECT),
      };
    case 'matching': {
      const { prompts, options } = content.body;
      return {
        declarations: declaration(
          'RESPONSE',
          'multiple',
          'directedPair',
          prompts.map((prompt) => `${prompt.id} ${content.key.pairs[prompt.id] ?? ''}`),
        ),
        body:
          `<qti-match-interaction response-identifier="RESPONSE" max-associations="${prompts.length}">` +
          `<qti-simple-match-set>${choices('qti-simple-associable-choice', prompts, ' match-max="1"')}</qti-simple-match-set>` +
          `<qti-simple-match-set>${choices('qti-simple-associable-choice', options, ` match-max="${prompts.length}"`)}</qti-simple-match-set>` +
          `</qti-match-interaction>`,
        processing: template(MATCH_CORRECT),
      };
    }
    case 'short_answer': {
      const { accepted, caseSensitive, mode } = content.key;
      const auto = mode === 'auto';
      return {
        declarations: declaration(
          'RESPONSE',
          'single',
          'string',
          auto ? accepted.slice(0, 1) : [],
          auto ? { keys: accepted, caseSensitive } : undefined,
        ),
        body: '<p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>',
        processing: auto ? template(MAP_RESPONSE) : '',
      };
    }
    case 'fill_blank': {
      const { blanks } = content.key;
      const sentence = e(content.body.sentence).replace(
        /\[\[(\d{1,2})\]\]/g,
        (_match, n: string) => `<qti-text-entry-interaction response-identifier="RESPONSE_${n}"/>`,
      );
      return {
        declarations: blanks
          .map((blank, i) =>
            declaration(`RESPONSE_${i + 1}`, 'single', 'string', blank.accepted.slice(0, 1), {
              keys: blank.accepted,
              caseSensitive: blank.caseSensitive,
            }),
          )
          .join(''),
        body: `<p>${sentence}</p>`,
        processing: '',
      };
    }
    case 'numeric': {
      const best = content.key.answers.find((answer) => answer.weight === 100) ?? content.key.answers[0];
      if (!best) return null;
      const [center, tolerance] =
        'value' in best ? [best.value, best.tolerance] : [(best.min + best.max) / 2, (best.max - best.min) / 2];
      return {
        declarations: declaration('RESPONSE', 'single', 'float', [String(center)]),
        body: '<p><qti-text-entry-interaction response-identifier="RESPONSE"/></p>',
        processing:
          '<qti-response-processing><qti-response-condition><qti-response-if>' +
          `<qti-equal tolerance-mode="absolute" tolerance="${tolerance} ${tolerance}">` +
          '<qti-variable identifier="RESPONSE"/><qti-correct identifier="RESPONSE"/></qti-equal>' +
          '<qti-set-outcome-value identifier="SCORE"><qti-variable identifier="MAXSCORE"/></qti-set-outcome-value>' +
          '</qti-response-if></qti-response-condition></qti-response-processing>',
      };
    }
    case 'essay':
      return {
        declarations: declaration('RESPONSE', 'single', 'string', []),
        body: '<qti-extended-text-interaction response-identifier="RESPONSE"/>',
        processing: '',
      };
    case 'description':
      return { declarations: '', body: '', processing: '' };
    case 'task':
      return null;
  }
}

/** The item's identifier: its bank id, as an XML name. */
export const itemIdentifier = (question: BankQuestion) => `q-${question.id}`;

/** One question as a QTI 3.0 assessmentItem, or null when its type has no QTI counterpart (a task). */
export function itemXml(question: BankQuestion): string | null {
  const made = parts(question.content);
  if (!made) return null;
  const prompt = htmlToXml(question.prompt.trim());
  const promptXml = prompt === '' || prompt.startsWith('<') ? prompt : `<p>${prompt}</p>`;
  const points = question.content.type === 'description' ? 0 : question.points;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<qti-assessment-item xmlns="${NS}" identifier="${itemIdentifier(question)}" title="${e(question.title)}" ` +
    'adaptive="false" time-dependent="false">' +
    made.declarations +
    '<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float">' +
    '<qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>' +
    '<qti-outcome-declaration identifier="MAXSCORE" cardinality="single" base-type="float">' +
    `<qti-default-value><qti-value>${points}</qti-value></qti-default-value></qti-outcome-declaration>` +
    `<qti-item-body>${promptXml}${made.body}</qti-item-body>` +
    made.processing +
    '</qti-assessment-item>\n'
  );
}

/** The content package's manifest: one resource per item file. */
export function manifestXml(packageId: string, items: { identifier: string; href: string }[]): string {
  const resources = items
    .map(
      (item) =>
        `<resource identifier="${e(item.identifier)}" type="imsqti_item_xmlv3p0" href="${e(item.href)}">` +
        `<file href="${e(item.href)}"/></resource>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="${e(packageId)}">` +
    '<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>' +
    `<organizations/><resources>${resources}</resources></manifest>\n`
  );
}
