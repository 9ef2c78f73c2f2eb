/**
 * The blog's articles (spec §2 Blog, static): typed data, rendered by the blog components as structured blocks —
 * never as HTML strings. Text between backticks is shown as inline code. This module holds what lists and cards
 * show; the text of each article is in article-bodies.ts, loaded by the article page only.
 */

/** The four topics of the reading list (spec §2), in the order the filter shows them. */
export const BLOG_TOPICS = [
  { slug: 'ux-ui', label: 'UX/UI' },
  { slug: 'react', label: 'React' },
  { slug: 'php', label: 'PHP' },
  { slug: 'javascript', label: 'JavaScript' },
] as const;

export type BlogTopic = (typeof BLOG_TOPICS)[number]['slug'];

/** Which section of the blog page lists an article: the reading list or 'Marketing Articles'. */
export type ArticleCollection = 'reading' | 'marketing';

export type ArticleBlock =
  | { kind: 'paragraph'; text: string }
  /** A section heading inside the article (an h2 on the article page). */
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'code'; code: string };

export interface ArticleAuthor {
  name: string;
  role: string;
}

export interface BlogArticle {
  /** The URL segment: /blog/:slug. */
  slug: string;
  title: string;
  /** One or two sentences for cards and the page description. */
  excerpt: string;
  topic: BlogTopic;
  collection: ArticleCollection;
  /** The blog page's hero article (exactly one). */
  featured?: true;
  author: ArticleAuthor;
  /** Publication day, ISO `YYYY-MM-DD`. */
  publishedOn: string;
  /**
   * Estimated from the word count of the body (200 words a minute, at least one): `estimateReadingMinutes`,
   * kept here as a number so the blog's lists need no article text (articles.test.ts checks it).
   */
  readingMinutes: number;
  /** An illustration in `public/blog/`, drawn at 800 × 450. */
  image: { src: string; alt: string };
}

/** Every illustration is drawn on this canvas, so pages can reserve its space before it loads. */
export const ARTICLE_IMAGE_SIZE = { width: 800, height: 450 } as const;

const WORDS_PER_MINUTE = 200;

const AUTHORS = {
  maya: { name: 'Maya Okafor', role: 'Product designer' },
  daniel: { name: 'Daniel Reyes', role: 'Front-end teacher' },
  sofia: { name: 'Sofia Lindqvist', role: 'Back-end teacher' },
  tom: { name: 'Tom Becker', role: 'Community and growth' },
} as const satisfies Record<string, ArticleAuthor>;

/** The words a reader reads: paragraphs, headings, list items and code. */
export function countWords(body: readonly ArticleBlock[]): number {
  const text = body
    .map((block) => (block.kind === 'list' ? block.items.join(' ') : block.kind === 'code' ? block.code : block.text))
    .join(' ');
  return text.split(/\s+/).filter(Boolean).length;
}

export function estimateReadingMinutes(body: readonly ArticleBlock[]): number {
  return Math.max(1, Math.round(countWords(body) / WORDS_PER_MINUTE));
}

const UNSORTED: readonly BlogArticle[] = [
  {
    slug: 'designing-lessons-people-finish',
    title: 'Designing lessons people actually finish',
    excerpt:
      'Courses are rarely abandoned because they are too hard. They are abandoned when a learner returns and cannot tell what to do next.',
    topic: 'ux-ui',
    collection: 'reading',
    featured: true,
    author: AUTHORS.maya,
    publishedOn: '2026-11-10',
    image: {
      src: '/blog/designing-lessons.svg',
      alt: 'A winding path of lesson steps: three ticked off, the fourth highlighted, a flag at the end.',
    },
    readingMinutes: 2,
  },
  {
    slug: 'accessible-course-pages-checklist',
    title: 'Accessible course pages: the checklist we use',
    excerpt:
      'If a learner cannot reach the enrol button with a keyboard, the course does not exist for them. Here is what we check on every page we ship.',
    topic: 'ux-ui',
    collection: 'reading',
    author: AUTHORS.maya,
    publishedOn: '2026-09-02',
    image: {
      src: '/blog/accessible-checklist.svg',
      alt: 'A high-contrast text sample, a Tab key, a checklist with ticks and a button with a visible focus ring.',
    },
    readingMinutes: 2,
  },
  {
    slug: 'server-state-is-not-app-state',
    title: 'Server state is not app state',
    excerpt:
      'Half of a typical global store is a hand-made copy of the server’s data. A query cache removes the copy, and most of the store with it.',
    topic: 'react',
    collection: 'reading',
    author: AUTHORS.daniel,
    publishedOn: '2026-10-21',
    image: {
      src: '/blog/server-state.svg',
      alt: 'A server and a browser window with a cache between them, arrows flowing both ways.',
    },
    readingMinutes: 2,
  },
  {
    slug: 'forms-that-forgive',
    title: 'Forms that forgive: validation in React',
    excerpt:
      'Good validation is less about rules than about timing and tone: check at the right moment, say what to do, and never lose what someone typed.',
    topic: 'react',
    collection: 'reading',
    author: AUTHORS.daniel,
    publishedOn: '2026-07-14',
    image: {
      src: '/blog/forms-that-forgive.svg',
      alt: 'A sign-up form with three fields, one ticked as valid and one with a friendly hint beside it.',
    },
    readingMinutes: 2,
  },
  {
    slug: 'modern-php',
    title: 'Modern PHP is not the PHP you remember',
    excerpt:
      'Types you can rely on, enums, readonly classes and a match expression that throws: a PHP 8 codebase can be as disciplined as any typed back end.',
    topic: 'php',
    collection: 'reading',
    author: AUTHORS.sofia,
    publishedOn: '2026-08-19',
    image: {
      src: '/blog/modern-php.svg',
      alt: 'A code editor window with neatly typed code and labels for types, enums and readonly properties.',
    },
    readingMinutes: 1,
  },
  {
    slug: 'storing-passwords-in-php',
    title: 'Storing passwords safely in PHP',
    excerpt:
      'What happens to your users if the database leaks? With password_hash() and a few habits around it, the answer stops being a disaster.',
    topic: 'php',
    collection: 'reading',
    author: AUTHORS.sofia,
    publishedOn: '2026-06-03',
    image: {
      src: '/blog/storing-passwords.svg',
      alt: 'A padlock beside a stored hash string and a key.',
    },
    readingMinutes: 2,
  },
  {
    slug: 'event-loop-one-timeline',
    title: 'The JavaScript event loop on one timeline',
    excerpt:
      'Why does a promise callback run before a zero-delay timer? One picture of tasks, microtasks and rendering explains it, and a lot more.',
    topic: 'javascript',
    collection: 'reading',
    author: AUTHORS.daniel,
    publishedOn: '2026-10-02',
    image: {
      src: '/blog/event-loop.svg',
      alt: 'A loop of arrows passing three stations: task, microtasks and render.',
    },
    readingMinutes: 2,
  },
  {
    slug: 'time-zones-in-javascript',
    title: 'Dates without drama: time zones in JavaScript',
    excerpt:
      'A live class announced for 18:00 and learners joining an hour early or late: most date bugs come from forgetting which clock a moment was written in.',
    topic: 'javascript',
    collection: 'reading',
    author: AUTHORS.sofia,
    publishedOn: '2026-05-12',
    image: {
      src: '/blog/time-zones.svg',
      alt: 'A globe with meridian lines between two clocks showing different times.',
    },
    readingMinutes: 2,
  },
  {
    slug: 'course-page-that-answers-questions',
    title: 'A course page that answers questions before they are asked',
    excerpt:
      'What will I be able to do? Is it for my level? What did others think? A page that answers in that order sells a course without a single exclamation mark.',
    topic: 'ux-ui',
    collection: 'marketing',
    author: AUTHORS.tom,
    publishedOn: '2026-11-03',
    image: {
      src: '/blog/course-page.svg',
      alt: 'A browser window with a course page: a headline, a list of outcomes, star ratings and an enrol button.',
    },
    readingMinutes: 2,
  },
  {
    slug: 'performance-budgets-react',
    title: 'Fast pages sell: performance budgets for a React site',
    excerpt:
      'The first impression of a course is the few seconds between a tap and a useful screen. A performance budget keeps those seconds short.',
    topic: 'react',
    collection: 'marketing',
    author: AUTHORS.daniel,
    publishedOn: '2026-09-23',
    image: {
      src: '/blog/performance-budgets.svg',
      alt: 'A speed gauge with its needle in the green zone beside a row of short bars.',
    },
    readingMinutes: 1,
  },
  {
    slug: 'launch-emails-reach-the-inbox',
    title: 'Launch e-mails from a PHP app that reach the inbox',
    excerpt:
      'Half of your course announcement landed in spam? Deliverability is not luck: it is three DNS records and a few habits that mailbox providers check.',
    topic: 'php',
    collection: 'marketing',
    author: AUTHORS.sofia,
    publishedOn: '2026-08-05',
    image: {
      src: '/blog/launch-emails.svg',
      alt: 'An envelope with a verified badge and a paper plane flying away from it.',
    },
    readingMinutes: 1,
  },
  {
    slug: 'measuring-a-launch-without-tracking',
    title: 'Measuring a launch without tracking your students',
    excerpt:
      'How many saw the announcement, opened the page and enrolled? You can answer all three without following anyone across the web.',
    topic: 'javascript',
    collection: 'marketing',
    author: AUTHORS.tom,
    publishedOn: '2026-06-24',
    image: {
      src: '/blog/measuring-a-launch.svg',
      alt: 'A rising bar chart next to a shield with a tick, standing for privacy.',
    },
    readingMinutes: 1,
  },
];

/** Every article, newest first. */
export const ARTICLES: readonly BlogArticle[] = [...UNSORTED].sort((a, b) =>
  b.publishedOn.localeCompare(a.publishedOn),
);
