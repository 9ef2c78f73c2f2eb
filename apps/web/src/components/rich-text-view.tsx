import { Typography } from '@mantine/core';
import classes from './rich-text-view.module.css';

/** The class that gives `ql-indent-N` blocks their indentation (shared with the editor). */
export const richTextIndentClassName = classes.indents;

/**
 * Rich text from the server. The HTML is already sanitised there with the one allowlist of
 * docs/decisions/005 (no scripts, handlers, frames or javascript: links), so it is rendered as is.
 */
export function RichTextView({ html }: { html: string }) {
  return (
    <Typography className={classes.indents}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
