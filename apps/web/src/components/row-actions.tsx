import { ActionIcon, Button, Flex, Group, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';

/** Compact rows show their actions as icon buttons; the others as small labelled buttons. */
const CompactContext = createContext(false);

export interface RowActionsProps {
  /** Icon buttons in one line (a narrow table); else labelled buttons, stacked until the screen is wide. */
  compact?: boolean;
  children: ReactNode;
}

/** The actions of a table row (edit, delete, …), laid out alike in every table. */
export function RowActions({ compact = false, children }: RowActionsProps) {
  return (
    <CompactContext.Provider value={compact}>
      {compact ? (
        <Group gap={4} wrap="nowrap">
          {children}
        </Group>
      ) : (
        <Flex
          gap={6}
          direction={{ base: 'column', xl: 'row' }}
          align={{ base: 'stretch', xl: 'center' }}
          justify="flex-end"
        >
          {children}
        </Flex>
      )}
    </CompactContext.Provider>
  );
}

export interface RowActionProps extends Pick<ButtonProps, 'variant' | 'color' | 'loading'> {
  /** The button's text: "Edit", "Delete". */
  label: string;
  /** The accessible name, which names the row: "Edit Sunrise". */
  'aria-label': string;
  icon: Icon;
  /** A link to this address, or else a button that calls onClick. */
  to?: string;
  onClick?: () => void;
  /** A destructive action: red. */
  danger?: boolean;
}

/** One action of a table row: an icon button in a compact row, a small labelled button otherwise. */
export function RowAction({
  label,
  'aria-label': ariaLabel,
  icon: Glyph,
  to,
  onClick,
  danger = false,
  variant,
  color,
  loading,
}: RowActionProps) {
  const compact = useContext(CompactContext);
  const colour = danger ? 'red' : color;
  if (compact) {
    const props = { variant: variant ?? 'subtle', color: colour, size: 'lg', loading, 'aria-label': ariaLabel };
    const glyph = <Glyph size={18} aria-hidden />;
    return to ? (
      <ActionIcon component={Link} to={to} {...props}>
        {glyph}
      </ActionIcon>
    ) : (
      <ActionIcon onClick={onClick} {...props}>
        {glyph}
      </ActionIcon>
    );
  }
  const props = {
    size: 'xs',
    variant: variant ?? (danger ? 'subtle' : 'light'),
    color: colour,
    c: danger ? 'red.9' : undefined,
    loading,
    leftSection: <Glyph size={16} aria-hidden />,
    'aria-label': ariaLabel,
  };
  return to ? (
    <Button component={Link} to={to} {...props}>
      {label}
    </Button>
  ) : (
    <Button onClick={onClick} {...props}>
      {label}
    </Button>
  );
}
