import { Badge, Card, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { ARTICLE_IMAGE_SIZE, type BlogArticle } from '../articles';
import { topicLabel } from '../select-articles';
import classes from './blog.module.css';
import { ArticleMeta } from './article-meta';
import { plainText } from './inline-text';

export interface ArticleCardProps {
  article: BlogArticle;
  /** The title's heading level (3 under a section's h2). */
  headingOrder?: TitleOrder;
  /** Horizontal: the illustration beside the text from the sm breakpoint on (stacked on phones). */
  orientation?: 'vertical' | 'horizontal';
}

/**
 * An article in a list: illustration, topic, title (the link), excerpt and byline. The whole card is clickable
 * through the title link; the illustration is decorative here (its description is on the article page).
 */
export function ArticleCard({ article, headingOrder = 3, orientation = 'vertical' }: ArticleCardProps) {
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="lg"
      padding={0}
      component="article"
      aria-labelledby={titleId}
      className={classes.card}
      mod={{ layout: orientation }}
    >
      <img
        className={classes.cardImage}
        src={article.image.src}
        width={ARTICLE_IMAGE_SIZE.width}
        height={ARTICLE_IMAGE_SIZE.height}
        alt=""
        loading="lazy"
        decoding="async"
      />
      <Stack gap="xs" p="lg" className={classes.cardBody}>
        <Badge variant="light" radius="sm" className={classes.topic}>
          {topicLabel(article.topic)}
        </Badge>
        <Title order={headingOrder} fz="lg" lh={1.3} id={titleId}>
          <Link to={paths.blogArticle.href(article.slug)} className={classes.cardLink}>
            {article.title}
          </Link>
        </Title>
        <Text size="sm" c="gray.7" lineClamp={3}>
          {plainText(article.excerpt)}
        </Text>
        <div className={classes.cardMeta}>
          <ArticleMeta article={article} size="xs" />
        </div>
      </Stack>
    </Card>
  );
}
