import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARTICLE_BODIES } from './article-bodies';
import { ARTICLES, BLOG_TOPICS, countWords, estimateReadingMinutes, type ArticleBlock } from './articles';

const PUBLIC_DIR = path.resolve(__dirname, '../../../public');
const topicSlugs: readonly string[] = BLOG_TOPICS.map((topic) => topic.slug);

function bodyOf(slug: string): readonly ArticleBlock[] {
  const body = ARTICLE_BODIES[slug];
  if (!body) throw new Error(`no text for ${slug}`);
  return body;
}

describe('blog articles', () => {
  it('has at least eight articles, each with a unique, URL-safe slug', () => {
    expect(ARTICLES.length).toBeGreaterThanOrEqual(8);
    const slugs = ARTICLES.map((article) => article.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('gives every article, and only the articles, at least three paragraphs of real text', () => {
    expect(Object.keys(ARTICLE_BODIES).sort()).toEqual(ARTICLES.map((article) => article.slug).sort());
    for (const article of ARTICLES) {
      const body = bodyOf(article.slug);
      const paragraphs = body.filter((block) => block.kind === 'paragraph');
      expect(paragraphs.length, article.slug).toBeGreaterThanOrEqual(3);
      expect(countWords(body), article.slug).toBeGreaterThan(250);
      expect(JSON.stringify({ article, body }).toLowerCase(), article.slug).not.toMatch(/lorem|ipsum/);
    }
  });

  it('files every article under one of the four topics, and every topic has articles in the reading list', () => {
    for (const article of ARTICLES) expect(topicSlugs, article.slug).toContain(article.topic);
    expect(BLOG_TOPICS.map((topic) => topic.label)).toEqual(['UX/UI', 'React', 'PHP', 'JavaScript']);
    for (const topic of topicSlugs) {
      expect(
        ARTICLES.some((article) => article.topic === topic && article.collection === 'reading'),
        topic,
      ).toBe(true);
    }
  });

  it('has exactly one featured article, and articles for the Marketing Articles section', () => {
    expect(ARTICLES.filter((article) => article.featured)).toHaveLength(1);
    expect(ARTICLES.filter((article) => article.collection === 'marketing').length).toBeGreaterThanOrEqual(2);
  });

  it('lists articles newest first, with valid days, bylines and reading times from their length', () => {
    const days = ARTICLES.map((article) => article.publishedOn);
    expect(days).toEqual([...days].sort().reverse());
    for (const article of ARTICLES) {
      expect(new Date(`${article.publishedOn}T00:00:00Z`).toISOString().slice(0, 10)).toBe(article.publishedOn);
      expect(article.author.name).not.toBe('');
      expect(article.readingMinutes, article.slug).toBe(estimateReadingMinutes(bodyOf(article.slug)));
      expect(article.readingMinutes).toBeGreaterThanOrEqual(1);
    }
  });

  it('illustrates every article with an existing local SVG and a description', () => {
    for (const article of ARTICLES) {
      expect(article.image.src, article.slug).toMatch(/^\/blog\/[a-z0-9-]+\.svg$/);
      expect(existsSync(path.join(PUBLIC_DIR, article.image.src)), article.image.src).toBe(true);
      expect(article.image.alt.length, article.slug).toBeGreaterThan(20);
    }
  });

  it('closes every inline code span it opens', () => {
    for (const article of ARTICLES) {
      for (const block of bodyOf(article.slug)) {
        const texts = block.kind === 'list' ? block.items : block.kind === 'code' ? [] : [block.text];
        for (const text of texts) expect(text.split('`').length % 2, `${article.slug}: ${text}`).toBe(1);
      }
    }
  });
});
