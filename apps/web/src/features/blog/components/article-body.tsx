import { List, Text, Title } from '@mantine/core';
import type { ArticleBlock } from '../articles';
import classes from './blog.module.css';
import { InlineText } from './inline-text';

/** An article's blocks as headings (h2 under the article's h1), paragraphs, lists and code examples. */
export function ArticleBody({ blocks }: { blocks: readonly ArticleBlock[] }) {
  return (
    <div className={classes.prose}>
      {blocks.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Title key={index} order={2} fz={{ base: 22, sm: 24 }} mt="xl" mb="sm">
                {block.text}
              </Title>
            );
          case 'paragraph':
            return (
              <Text key={index} className={classes.paragraph}>
                <InlineText text={block.text} />
              </Text>
            );
          case 'list':
            return (
              <List key={index} spacing="xs" className={classes.paragraph}>
                {block.items.map((item) => (
                  <List.Item key={item}>
                    <InlineText text={item} />
                  </List.Item>
                ))}
              </List>
            );
          case 'code':
            // Scrolls sideways on a phone: focusable so keyboard users can scroll it too.
            return (
              <pre key={index} className={classes.code} tabIndex={0} aria-label="Code example">
                <code>{block.code}</code>
              </pre>
            );
        }
      })}
    </div>
  );
}
