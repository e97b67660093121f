import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { formatDate } from '../../shared/format';
import { usePageData } from '../../shared/queries';
import { loadMyNews, newsPage } from './api';

/** A space's home: the three latest news meant for the actor, each leading to the space's News page. */
export function LatestNews() {
  const { t } = useTranslation();
  const me = useMe();
  const page = usePageData(['news.latest'], () => loadMyNews(3), { enabled: !!me?.permissions.includes('news.feed.read') });
  const target = newsPage[me?.space ?? 'student'];
  if (!me || !page.data?.news.length) return null;
  return (
    <Card withBorder radius="md" padding="lg" data-testid="latest-news">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} fz="lg">{t('news.feed.latest')}</Title>
          <PageLink page={target}>{t('news.feed.all')}</PageLink>
        </Group>
        {page.data.news.map((article) => (
          <Group key={article.id} justify="space-between" wrap="nowrap">
            <PageLink page={target} hash={`news-${article.id}`} style={{ fontWeight: 500 }}>{article.title}</PageLink>
            <Text size="sm" c="dimmed">{formatDate(article.publishedAt)}</Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
