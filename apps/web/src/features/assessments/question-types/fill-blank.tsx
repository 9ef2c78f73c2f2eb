import { BLANK_MARKER, QUESTION_LIMITS, blanksOf } from '@lyceum/contract/constants';
import { Checkbox, Fieldset, Group, Input, Stack, TagsInput, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { Given, Mark, answerClasses } from './answer-view';
import { questionTypesMessages as messages } from './messages';
import type { QuestionTypeModule, TypeAnswerProps, TypeEditorProps, TypePlayerProps } from './types';

const NEW_BLANK = { accepted: [], caseSensitive: false, accentSensitive: true, trimWhitespace: true };

function Editor({ value, onChange }: TypeEditorProps<'fill_blank'>) {
  const t = useIntl().formatMessage;
  const { body, key } = value;
  const setSentence = (sentence: string) => {
    // One key entry per blank written in the sentence; answers already typed are kept.
    const count = Math.max(1, blanksOf(sentence).length);
    const blanks = Array.from({ length: count }, (_v, i) => key.blanks[i] ?? NEW_BLANK);
    onChange({ ...value, body: { sentence }, key: { blanks } });
  };
  const setBlank = (index: number, next: Partial<(typeof key.blanks)[number]>) =>
    onChange({ ...value, key: { blanks: key.blanks.map((b, i) => (i === index ? { ...b, ...next } : b)) } });
  return (
    <Stack gap="sm">
      <Textarea
        label={t(messages.fbSentence)}
        description={t(messages.fbSentenceHint)}
        rows={2}
        value={body.sentence}
        onChange={(e) => setSentence(e.currentTarget.value)}
      />
      {key.blanks.map((blank, index) => (
        <Fieldset key={index} legend={t(messages.fbBlank, { number: index + 1 })} p="sm">
          <Stack gap="xs">
            <TagsInput
              label={t(messages.acceptedAnswers)}
              description={t(messages.enterAfterEachAnswer)}
              value={blank.accepted}
              onChange={(accepted) => setBlank(index, { accepted })}
              splitChars={[]}
            />
            <Group gap="lg">
              <Checkbox
                label={t(messages.caseMatters)}
                checked={blank.caseSensitive}
                onChange={(e) => setBlank(index, { caseSensitive: e.currentTarget.checked })}
              />
              <Checkbox
                label={t(messages.accentsMatter)}
                checked={blank.accentSensitive}
                onChange={(e) => setBlank(index, { accentSensitive: e.currentTarget.checked })}
              />
              <Checkbox
                label={t(messages.ignoreSpaces)}
                checked={blank.trimWhitespace}
                onChange={(e) => setBlank(index, { trimWhitespace: e.currentTarget.checked })}
              />
            </Group>
          </Stack>
        </Fieldset>
      ))}
    </Stack>
  );
}

/** The sentence cut at its blanks: text, blank 1, text, blank 2, … */
function partsOf(sentence: string): (string | number)[] {
  const parts: (string | number)[] = [];
  let last = 0;
  for (const match of sentence.matchAll(new RegExp(BLANK_MARKER.source, 'g'))) {
    parts.push(sentence.slice(last, match.index), Number(match[1]));
    last = match.index + match[0].length;
  }
  parts.push(sentence.slice(last));
  return parts;
}

function Player({ body, response, onChange, disabled }: TypePlayerProps<'fill_blank'>) {
  const intl = useIntl();
  const count = blanksOf(body.sentence).length;
  const values = Array.from({ length: count }, (_v, i) => response?.blanks[i] ?? '');
  const set = (index: number, text: string) => {
    const blanks = values.map((v, i) => (i === index ? text : v));
    onChange(blanks.every((b) => b.trim() === '') ? null : { blanks });
  };
  return (
    <Text component="div" lh={2.4} style={{ whiteSpace: 'pre-wrap' }}>
      {partsOf(body.sentence).map((part, index) =>
        typeof part === 'string' ? (
          <span key={index}>{part}</span>
        ) : (
          <Input
            key={index}
            aria-label={intl.formatMessage(messages.blank, { number: part })}
            size="sm"
            disabled={disabled}
            maxLength={QUESTION_LIMITS.itemText}
            autoComplete="off"
            spellCheck={false}
            value={values[part - 1] ?? ''}
            onChange={(e) => set(part - 1, e.currentTarget.value)}
            style={{ display: 'inline-block', width: '12ch', maxWidth: '100%', verticalAlign: 'middle' }}
            mx={4}
          />
        ),
      )}
    </Text>
  );
}

/** The sentence with each blank's text in a box, each marked right or wrong once the answers are released. */
function Answer({ body, response, blanksRight }: TypeAnswerProps<'fill_blank'>) {
  const intl = useIntl();
  return (
    <Text component="div" lh={2} style={{ whiteSpace: 'pre-wrap' }}>
      {partsOf(body.sentence).map((part, index) => {
        if (typeof part === 'string') return <span key={index}>{part}</span>;
        const text = response.blanks[part - 1] ?? '';
        const right = blanksRight?.[part - 1];
        return (
          <span key={index} className={answerClasses.blank}>
            <VisuallyHidden>{intl.formatMessage(messages.blankHidden, { number: part })}</VisuallyHidden>
            <Given empty={text.trim() === ''}>{text}</Given>
            {right === undefined ? null : (
              <>
                {' '}
                <Mark
                  kind={right ? 'right' : 'wrong'}
                  detail={intl.formatMessage(messages.blankDetail, { number: part })}
                />
              </>
            )}
          </span>
        );
      })}
    </Text>
  );
}

export const fillBlank: QuestionTypeModule<'fill_blank'> = {
  empty: () => ({ type: 'fill_blank', body: { sentence: '' }, key: { blanks: [NEW_BLANK] } }),
  Editor,
  Player,
  Answer,
};
