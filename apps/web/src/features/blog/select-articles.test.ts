import { describe, expect, it } from 'vitest';
import { ARTICLES, type BlogArticle } from './articles';
import { filterByTopic, getArticle, getHeroArticle, getRelatedArticles, parseTopic } from './select-articles';

describe('blog topic filter', () => {
  it('keeps every article when no topic is chosen', () => {
    expect(filterByTopic(ARTICLES, null)).toEqual(ARTICLES);
  });

  it('keeps only the chosen topic, in the same order', () => {
    for (const topic of ['ux-ui', 'react', 'php', 'javascript'] as const) {
      const filtered = filterByTopic(ARTICLES, topic);
      expect(filtered.length, topic).toBeGreaterThan(0);
      expect(filtered.every((article) => article.topic === topic)).toBe(true);
      expect(filtered).toEqual(ARTICLES.filter((article) => article.topic === topic));
    }
  });

  it('reads a topic from the address bar, and ignores anything else', () => {
    expect(parseTopic('react')).toBe('react');
    expect(parseTopic('ux-ui')).toBe('ux-ui');
    expect(parseTopic('React')).toBeNull();
    expect(parseTopic('cobol')).toBeNull();
    expect(parseTopic(null)).toBeNull();
  });
});

describe('finding articles', () => {
  it('finds an article by slug, and nothing for an unknown one', () => {
    const first = ARTICLES[0] as BlogArticle;
    expect(getArticle(first.slug)).toBe(first);
    expect(getArticle('no-such-article')).toBeNull();
    expect(getArticle(undefined)).toBeNull();
  });

  it('makes the featured article the hero', () => {
    expect(getHeroArticle().featured).toBe(true);
  });

  it('relates articles on the same topic first, never the article itself', () => {
    for (const article of ARTICLES) {
      const related = getRelatedArticles(article, 5);
      expect(related).toHaveLength(5);
      expect(related.map((candidate) => candidate.slug)).not.toContain(article.slug);
      const sameTopic = ARTICLES.filter((other) => other.topic === article.topic && other !== article);
      expect(related.slice(0, sameTopic.length)).toEqual(sameTopic.slice(0, 5));
    }
  });
});
