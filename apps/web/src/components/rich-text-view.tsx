import { Typography } from '@mantine/core';
import { createContext, useContext, useMemo } from 'react';
import { type HtmlSanitizer, sanitizeInBrowser } from '../lib/sanitize-html';
import classes from './rich-text-view.module.css';

/** The class that gives `ql-indent-N` blocks their indentation (shared with the editor). */
export const richTextIndentClassName = classes.indents;

const SanitizerContext = createContext<HtmlSanitizer>(sanitizeInBrowser);

/** Server rendering passes the server's sanitiser here (there is no DOM for DOMPurify). */
export const RichTextSanitizerProvider = SanitizerContext.Provider;

/**
 * Rich text from the server. The server sanitised it when it was stored, with the one allowlist of
 * docs/decisions/005; it is sanitised again here (DOMPurify in the browser, the server's sanitiser when rendered on
 * the server), so a field that escaped that rule still renders inert (docs/decisions/037). Plain-text fields are
 * never given to this view: they are rendered as text.
 */
export function RichTextView({ html }: { html: string }) {
  const sanitize = useContext(SanitizerContext);
  const clean = useMemo(() => sanitize(html), [sanitize, html]);
  return (
    <Typography className={classes.indents}>
      <div dangerouslySetInnerHTML={{ __html: clean }} />
    </Typography>
  );
}
