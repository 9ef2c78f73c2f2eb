import { Text, type TextProps } from '@mantine/core';

/**
 * User-written text shown exactly as typed: never parsed as HTML (React escapes it), line breaks kept,
 * long words wrapped instead of overflowing on a phone.
 */
export function PlainText({ children, ...props }: TextProps & { children: string }) {
  return (
    <Text {...props} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}
