import { Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { AutoplayCarousel } from '../components/autoplay-carousel';
import { PageHeader } from '../components/page-header';
import { ArticleCard } from '../features/blog/components/article-card';
import { BlogHero } from '../features/blog/components/blog-hero';
import { TopicFilter } from '../features/blog/components/topic-filter';
import {
  articlesIn,
  filterByTopic,
  getHeroArticle,
  getRelatedArticles,
  parseTopic,
  topicLabel,
} from '../features/blog/select-articles';
import type { BlogTopic } from '../features/blog/articles';

const RELATED_COUNT = 6;

interface SectionProps {
  id: string;
  title: string;
  intro?: string;
  /** False when the content is itself a landmark named by the heading (the carousel): one region, not two. */
  region?: boolean;
  children: ReactNode;
}

function Section({ id, title, intro, region = true, children }: SectionProps) {
  return (
    <Box component="section" aria-labelledby={region ? id : undefined}>
      <Stack gap={6} mb="lg">
        <Title order={2} id={id} fz={{ base: 24, sm: 28 }}>
          {title}
        </Title>
        {intro ? <Text c="dimmed">{intro}</Text> : null}
      </Stack>
      {children}
    </Box>
  );
}

/** Spec §2 Blog (static): hero article, 'Reading blog list' by topic, 'Related Blogs', 'Marketing Articles'. */
export function BlogPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const topic = parseTopic(searchParams.get('topic'));
  const hero = getHeroArticle();
  const readingList = filterByTopic(articlesIn('reading'), topic);
  const related = getRelatedArticles(hero, RELATED_COUNT);
  const marketing = articlesIn('marketing');

  const selectTopic = (next: BlogTopic | null) =>
    setSearchParams(next ? { topic: next } : {}, { replace: true, preventScrollReset: true });

  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <PageHeader
        title="Lyceum Blog"
        description="Notes on design, development and marketing from the people who teach on Lyceum."
      />
      <Stack gap={72}>
        <BlogHero article={hero} />

        <Section
          id="reading-list"
          title="Reading blog list"
          intro="Articles by our teachers on four topics. Pick one, or read them all."
        >
          <Stack gap="lg">
            <TopicFilter value={topic} onChange={selectTopic} />
            <Text size="sm" c="dimmed" role="status">
              {topic
                ? `${readingList.length} ${readingList.length === 1 ? 'article' : 'articles'} on ${topicLabel(topic)}`
                : `${readingList.length} articles on all topics`}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {readingList.map((article) => (
                <ArticleCard key={article.slug} article={article} />
              ))}
            </SimpleGrid>
          </Stack>
        </Section>

        <Section
          id="related-blogs"
          title="Related Blogs"
          region={false}
          intro={`More on ${topicLabel(hero.topic)}, then the newest from every topic.`}
        >
          <AutoplayCarousel
            items={related}
            getKey={(article) => article.slug}
            renderSlide={(article) => <ArticleCard article={article} />}
            labelledBy="related-blogs"
            itemsName="articles"
            slidesPerView={{ base: 1, desktop: 2 }}
          />
        </Section>

        <Section
          id="marketing-articles"
          title="Marketing Articles"
          intro="Getting a course in front of the people it was made for — without tricks."
        >
          <Stack gap="lg">
            {marketing.map((article) => (
              <ArticleCard key={article.slug} article={article} orientation="horizontal" />
            ))}
          </Stack>
        </Section>
      </Stack>
    </Container>
  );
}
