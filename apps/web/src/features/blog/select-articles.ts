import { ARTICLES, BLOG_TOPICS, type ArticleCollection, type BlogArticle, type BlogTopic } from './articles';

const TOPIC_LABELS: Record<BlogTopic, string> = Object.fromEntries(
  BLOG_TOPICS.map((topic) => [topic.slug, topic.label]),
) as Record<BlogTopic, string>;

export function topicLabel(topic: BlogTopic): string {
  return TOPIC_LABELS[topic];
}

/** A topic slug from the address bar, or null for anything that is not one of the four. */
export function parseTopic(value: string | null | undefined): BlogTopic | null {
  return BLOG_TOPICS.find((topic) => topic.slug === value)?.slug ?? null;
}

export function getArticle(slug: string | undefined, articles: readonly BlogArticle[] = ARTICLES) {
  return articles.find((article) => article.slug === slug) ?? null;
}

export function articlesIn(collection: ArticleCollection, articles: readonly BlogArticle[] = ARTICLES) {
  return articles.filter((article) => article.collection === collection);
}

/** The reading list's topic filter: every article for no topic, else the articles on that topic, order kept. */
export function filterByTopic(articles: readonly BlogArticle[], topic: BlogTopic | null): readonly BlogArticle[] {
  return topic ? articles.filter((article) => article.topic === topic) : articles;
}

/** The blog page's hero: the featured article, else the newest. */
export function getHeroArticle(articles: readonly BlogArticle[] = ARTICLES): BlogArticle {
  const hero = articles.find((article) => article.featured) ?? articles[0];
  if (!hero) throw new Error('the blog has no articles');
  return hero;
}

/**
 * Articles to read next: others on the same topic first, then the rest; newest first within each group
 * (the input is expected newest first, as `ARTICLES` is).
 */
export function getRelatedArticles(
  article: BlogArticle,
  limit: number,
  articles: readonly BlogArticle[] = ARTICLES,
): BlogArticle[] {
  const others = articles.filter((candidate) => candidate.slug !== article.slug);
  const sameTopic = others.filter((candidate) => candidate.topic === article.topic);
  const rest = others.filter((candidate) => candidate.topic !== article.topic);
  return [...sameTopic, ...rest].slice(0, limit);
}
