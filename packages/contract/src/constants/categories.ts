/** Course categories (spec §2 home category tiles, without the repeated tile). */
export const COURSE_CATEGORIES = [
  'Design',
  'Development',
  'Web Development',
  'Business',
  'Marketing',
  'Photography',
  'Acting',
] as const;
export type CourseCategory = (typeof COURSE_CATEGORIES)[number];

export interface CategoryTile {
  name: CourseCategory;
  /** A Tabler icon name; the web app maps it to a component. */
  icon: string;
  iconColor: string;
  backgroundColor: string;
}

/**
 * The home page's category tiles. The spec repeats "Business" as an eighth tile;
 * we keep the grid at eight by giving the repeat its own colours.
 */
export const CATEGORY_TILES: readonly CategoryTile[] = [
  { name: 'Design', icon: 'palette', iconColor: '#c2255c', backgroundColor: '#fff0f6' },
  { name: 'Development', icon: 'code', iconColor: '#1971c2', backgroundColor: '#e7f5ff' },
  { name: 'Web Development', icon: 'world-www', iconColor: '#0c8599', backgroundColor: '#e3fafc' },
  { name: 'Business', icon: 'briefcase', iconColor: '#e8590c', backgroundColor: '#fff4e6' },
  { name: 'Marketing', icon: 'speakerphone', iconColor: '#2f9e44', backgroundColor: '#ebfbee' },
  { name: 'Photography', icon: 'camera', iconColor: '#6741d9', backgroundColor: '#f3f0ff' },
  { name: 'Acting', icon: 'masks-theater', iconColor: '#c92a2a', backgroundColor: '#fff5f5' },
  { name: 'Business', icon: 'chart-bar', iconColor: '#5c940d', backgroundColor: '#f4fce3' },
];

/**
 * The home page's "The course in personal development" (docs/decisions/015): the categories about working with
 * people, presenting yourself and creative practice, as opposed to the technical ones (Design, Development,
 * Web Development).
 */
export const PERSONAL_DEVELOPMENT_CATEGORIES = [
  'Business',
  'Marketing',
  'Photography',
  'Acting',
] as const satisfies readonly CourseCategory[];
