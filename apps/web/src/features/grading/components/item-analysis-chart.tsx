import type { ItemAnalysisReport } from '@lyceum/contract';
import { Group, Text } from '@mantine/core';
import { useIntl } from '@/i18n/intl';
import { gradingMessages as messages } from '../messages';

type Item = ItemAnalysisReport['items'][number];

const ROW = 34;
const LABEL = 30;
const WIDTH = 360;
const PLOT = WIDTH - LABEL - 16;

/**
 * Facility (0…1) and discrimination (−1…1) per question as paired horizontal bars: a light SVG in its own chunk (the
 * report page loads it on demand). The numbers are in the table beside it, so the chart is hidden from screen readers.
 */
export function ItemAnalysisChart({ items }: { items: Item[] }) {
  const intl = useIntl();
  const height = items.length * ROW + 28;
  const x0 = LABEL + PLOT / 2; // discrimination 0 sits in the middle; facility runs from the left edge
  return (
    <div>
      <Group gap="lg" mb={6} aria-hidden>
        <Group gap={6}>
          <svg width="14" height="10">
            <rect width="14" height="10" rx="2" fill="var(--mantine-color-indigo-7)" />
          </svg>
          <Text size="xs">{intl.formatMessage(messages.legendFacility)}</Text>
        </Group>
        <Group gap={6}>
          <svg width="14" height="10">
            <rect width="14" height="10" rx="2" fill="var(--mantine-color-teal-8)" />
          </svg>
          <Text size="xs">{intl.formatMessage(messages.legendDiscrimination)}</Text>
        </Group>
        <Group gap={6}>
          <svg width="14" height="10">
            <rect width="14" height="10" rx="2" fill="var(--mantine-color-red-8)" />
          </svg>
          <Text size="xs">{intl.formatMessage(messages.legendNegative)}</Text>
        </Group>
      </Group>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="presentation" aria-hidden style={{ maxWidth: 560 }}>
        {[0, 0.5, 1].map((t) => (
          <g key={t}>
            <line
              x1={LABEL + t * PLOT}
              x2={LABEL + t * PLOT}
              y1={0}
              y2={height - 20}
              stroke="var(--mantine-color-gray-4)"
              strokeDasharray={t === 0.5 ? undefined : '3 3'}
            />
            <text
              x={LABEL + t * PLOT}
              y={height - 6}
              fontSize="11"
              textAnchor={t === 0 ? 'start' : t === 1 ? 'end' : 'middle'}
              fill="var(--mantine-color-gray-8)"
            >
              {t === 0.5 ? 'F 0.5 · D 0' : t === 0 ? 'F 0 · D −1' : 'F 1 · D 1'}
            </text>
          </g>
        ))}
        {items.map((item, i) => {
          const y = i * ROW + 4;
          const facility = item.facility ?? 0;
          const d = item.discrimination ?? 0;
          const dx = (d * PLOT) / 2;
          return (
            <g key={item.questionId}>
              <text x={0} y={y + 17} fontSize="12" fill="var(--mantine-color-gray-9)" fontWeight={600}>
                Q{i + 1}
              </text>
              <rect
                x={LABEL}
                y={y + 2}
                width={Math.max(1, facility * PLOT)}
                height={11}
                rx={2}
                fill="var(--mantine-color-indigo-7)"
              />
              {item.discrimination !== null ? (
                <rect
                  x={dx >= 0 ? x0 : x0 + dx}
                  y={y + 15}
                  width={Math.max(1, Math.abs(dx))}
                  height={11}
                  rx={2}
                  fill={d < 0 ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-teal-8)'}
                />
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
