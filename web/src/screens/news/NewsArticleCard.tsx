import { Anchor, Badge, Card, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { newsFileUrl, type NewsArticle } from './api';

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * A news item as its readers see it: a page's HTML (sanitised by the server from the editor's blocks), a file to
 * download, or a link opened apart from our page.
 */
export function NewsArticleCard({ article }: { article: NewsArticle }) {
  const { t } = useTranslation();
  return (
    // A long address or word breaks rather than runs out of the card on a phone (issue #25).
    <Card withBorder radius="md" padding="lg" id={`news-${article.id}`} style={{ overflowWrap: 'anywhere' }} data-testid="news-article">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={2} fz="xl">{article.title}</Title>
          <Badge variant="light" color="gray">{t(`news.types.${article.type}`)}</Badge>
        </Group>
        <Text size="sm" c="dimmed">{t('news.feed.publishedOn', { date: formatDate(article.publishedAt) })}</Text>
        {article.type === 'page' && article.html !== null && (
          // The server renders the blocks and sanitises the HTML (sanitize-html); nothing else reaches this element.
          <Typography className="news-content">
            <div dangerouslySetInnerHTML={{ __html: article.html }} />
          </Typography>
        )}
        {article.type === 'file' && article.file && (
          <Anchor href={newsFileUrl(article.id)} download data-testid="news-download">
            {t('news.feed.download', { name: article.file.filename })} ({sizeText(article.file.size)})
          </Anchor>
        )}
        {article.type === 'link' && article.link && (
          <Anchor href={article.link} target="_blank" rel="noopener noreferrer" data-testid="news-link">
            {t('news.feed.open')} — {article.link}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
