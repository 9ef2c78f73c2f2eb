import { Anchor, Badge, Box, Button, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArticleOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { paths } from '../config/paths';
import { ArticleBody } from '../features/blog/components/article-body';
import { ArticleCard } from '../features/blog/components/article-card';
import { ArticleMeta } from '../features/blog/components/article-meta';
import classes from '../features/blog/components/blog.module.css';
import { plainText } from '../features/blog/components/inline-text';
import { ARTICLE_BODIES } from '../features/blog/article-bodies';
import { ARTICLES, ARTICLE_IMAGE_SIZE, type BlogArticle } from '../features/blog/articles';
import { getArticle, getRelatedArticles, topicLabel } from '../features/blog/select-articles';
import { usePageTitle } from '../lib/use-page-title';

const RELATED_COUNT = 3;

function BackToBlog() {
  return (
    <Anchor component={Link} to={paths.blog.href()} fw={600} size="sm">
      <Group gap={6} component="span" wrap="nowrap">
        <IconArrowLeft size={16} aria-hidden />
        All articles
      </Group>
    </Anchor>
  );
}

function ArticleNotFound() {
  usePageTitle('Article not found');
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Stack align="center" ta="center" gap="md" py={48}>
        <IconArticleOff size={56} color="var(--mantine-color-indigo-7)" aria-hidden />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Article not found
        </Title>
        <Text c="dimmed" maw={520}>
          There is no article at this address. It may have been renamed, or the link may be mistyped.
        </Text>
        <Button component={Link} to={paths.blog.href()}>
          Browse all articles
        </Button>
      </Stack>
      <Box component="section" aria-labelledby="latest-articles" mt={48}>
        <Title order={2} id="latest-articles" fz={{ base: 22, sm: 26 }} mb="lg">
          Latest articles
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {ARTICLES.slice(0, RELATED_COUNT).map((article) => (
            <ArticleCard key={article.slug} article={article} />
          ))}
        </SimpleGrid>
      </Box>
    </Container>
  );
}

function Article({ article }: { article: BlogArticle }) {
  usePageTitle(article.title);
  const related = getRelatedArticles(article, RELATED_COUNT);
  return (
    <Container size="lg" py={{ base: 32, sm: 56 }}>
      <Box maw={760} mx="auto">
        <BackToBlog />
        <Box component="article" aria-labelledby="article-title" mt="lg">
          <Stack gap="md" mb="xl">
            <Badge
              component={Link}
              to={paths.blog.href(article.topic)}
              variant="light"
              radius="sm"
              style={{ cursor: 'pointer' }}
              aria-label={`More articles on ${topicLabel(article.topic)}`}
            >
              {topicLabel(article.topic)}
            </Badge>
            <Title order={1} id="article-title" fz={{ base: 30, sm: 40 }} lh={1.15}>
              {article.title}
            </Title>
            <Text size="lg" c="gray.7">
              {plainText(article.excerpt)}
            </Text>
            <Stack gap={2}>
              <ArticleMeta article={article} size="sm" />
              <Text size="sm" c="dimmed">
                {article.author.role}
              </Text>
            </Stack>
          </Stack>
          <img
            className={classes.heroImage}
            src={article.image.src}
            width={ARTICLE_IMAGE_SIZE.width}
            height={ARTICLE_IMAGE_SIZE.height}
            alt={article.image.alt}
            fetchPriority="high"
          />
          <Box mt="xl">
            <ArticleBody blocks={ARTICLE_BODIES[article.slug] ?? []} />
          </Box>
        </Box>
      </Box>

      <Box component="section" aria-labelledby="related-articles" mt={72}>
        <Title order={2} id="related-articles" fz={{ base: 24, sm: 28 }} mb="lg">
          Related articles
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {related.map((candidate) => (
            <ArticleCard key={candidate.slug} article={candidate} />
          ))}
        </SimpleGrid>
      </Box>
    </Container>
  );
}

/** One blog article at /blog/:slug, with related articles; an unknown slug shows 'Article not found'. */
export function BlogArticlePage() {
  const { slug } = useParams();
  const article = getArticle(slug);
  // Keyed by slug: following a related link starts the next article fresh (title, scroll, focus).
  return article ? <Article key={article.slug} article={article} /> : <ArticleNotFound />;
}
