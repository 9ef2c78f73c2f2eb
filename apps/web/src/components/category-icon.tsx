import {
  IconBriefcase,
  IconCamera,
  IconCategory,
  IconChartBar,
  IconCode,
  IconMasksTheater,
  IconPalette,
  IconSpeakerphone,
  IconWorldWww,
  type Icon,
} from '@tabler/icons-react';

/** The contract names category icons by their Tabler name; this maps those names to components. */
const ICONS: Readonly<Record<string, Icon>> = {
  palette: IconPalette,
  code: IconCode,
  'world-www': IconWorldWww,
  briefcase: IconBriefcase,
  speakerphone: IconSpeakerphone,
  camera: IconCamera,
  'masks-theater': IconMasksTheater,
  'chart-bar': IconChartBar,
};

export function CategoryIcon({ name, size = 28, color }: { name: string; size?: number; color?: string }) {
  const IconComponent = ICONS[name] ?? IconCategory;
  return <IconComponent size={size} color={color} aria-hidden />;
}
