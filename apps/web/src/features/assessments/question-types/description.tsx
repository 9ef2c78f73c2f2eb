import { Box, Text } from '@mantine/core';
import { RichTextView } from '@/components/rich-text-view';
import { useIntl } from '@/i18n/intl';
import { questionTypesMessages as messages } from './messages';
import type { QuestionTypeModule } from './types';

/** A description has nothing to set beyond its text (the prompt above): it asks nothing and is worth 0 points. */
function Editor() {
  const t = useIntl().formatMessage;
  return (
    <Text size="sm" c="dimmed">
      {t(messages.descriptionEditor)}
    </Text>
  );
}

/** Nothing to answer: the attempt shows the description's text only. */
function Nothing() {
  return null;
}

export const description: QuestionTypeModule<'description'> = {
  empty: () => ({ type: 'description', body: {}, key: {} }),
  Editor,
  Player: Nothing,
  Answer: Nothing,
};

/**
 * A description as the attempt and its review show it: the text between questions, without a number, points or
 * inputs (ADR 051). A region named
 * "Description", so a screen reader can find or skip it.
 */
export function DescriptionBlock({ html, className }: { html: string; className?: string }) {
  const intl = useIntl();
  return (
    <Box component="section" aria-label={intl.formatMessage(messages.description)} className={className} py="xs">
      <RichTextView html={html} />
    </Box>
  );
}
