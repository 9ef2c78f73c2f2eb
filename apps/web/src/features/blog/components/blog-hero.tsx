import { Badge, Button, Grid, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ARTICLE_IMAGE_SIZE, type BlogArticle } from '../articles';
import { topicLabel } from '../select-articles';
import { ArticleMeta } from './article-meta';
import classes from './blog.module.css';
import { plainText } from './inline-text';

/** The blog page's hero: the featured article, large, with its illustration (the page's largest image). */
export function BlogHero({ article }: { article: BlogArticle }) {
  const titleId = useId();
  return (
    <Grid component="article" aria-labelledby={titleId} gap={{ base: 'lg', md: 48 }} align="center">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <img
          className={classes.heroImage}
          src={article.image.src}
          width={ARTICLE_IMAGE_SIZE.width}
          height={ARTICLE_IMAGE_SIZE.height}
          alt={article.image.alt}
          fetchPriority="high"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm" fw={700} tt="uppercase" c="indigo.8" style={{ letterSpacing: '0.06em' }}>
            Featured article
          </Text>
          <Badge variant="light" radius="sm">
            {topicLabel(article.topic)}
          </Badge>
          <Title order={2} fz={{ base: 26, sm: 32 }} lh={1.2} id={titleId}>
            {article.title}
          </Title>
          <Text c="gray.7" size="lg">
            {plainText(article.excerpt)}
          </Text>
          <ArticleMeta article={article} />
          <Button
            component={Link}
            to={paths.blogArticle.href(article.slug)}
            mt="xs"
            rightSection={<IconArrowRight size={18} aria-hidden />}
            aria-label={`Read the article: ${article.title}`}
          >
            Read the article
          </Button>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
