import { Group, Text } from '@mantine/core';

/** The Lyceum mark (a small temple: a school of the ancient kind), the same drawing as /favicon.svg. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#364fc7" />
      <path d="M32 10 53 22.5H11Z" fill="#fff" />
      <circle cx="32" cy="18" r="2.6" fill="#fcc419" />
      <rect x="12" y="25" width="40" height="3.5" rx="1.2" fill="#fff" />
      <rect x="16" y="31" width="6" height="17" rx="1.2" fill="#fff" />
      <rect x="29" y="31" width="6" height="17" rx="1.2" fill="#fff" />
      <rect x="42" y="31" width="6" height="17" rx="1.2" fill="#fff" />
      <rect x="10" y="50" width="44" height="4.5" rx="1.5" fill="#fff" />
    </svg>
  );
}

/** Mark plus wordmark. `inverted` for dark backgrounds. */
export function Logo({ inverted = false, size = 36 }: { inverted?: boolean; size?: number }) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={size} />
      <Text
        component="span"
        fw={800}
        fz={size * 0.62}
        lh={1}
        ff="heading"
        c={inverted ? 'white' : 'indigo.9'}
        style={{ letterSpacing: '-0.02em' }}
        // The brand's name is the same in every language (docs/i18n.md).
        translate="no"
      >
        Lyceum
      </Text>
    </Group>
  );
}
