import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { loadMyNews } from './api';
import { NewsArticleCard } from './NewsArticleCard';

/** Every space's News page: the published news meant for the actor, newest first. */
export function MyNewsPage() {
  const { t } = useTranslation();
  const page = usePageData(['news.mine'], () => loadMyNews());
  // A link from the home page's latest news names the item (#news-<id>): bring it into view once loaded.
  useEffect(() => {
    if (page.data && window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [page.data]);
  return (
    <Stack gap="lg" maw={900}>
      <PageTitle title={t('news.feed.title')} intro={t('news.feed.intro')} />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {!page.data && !page.error && <Loader size="sm" />}
      {page.data && !page.data.news.length && <Text c="dimmed">{t('news.feed.empty')}</Text>}
      {page.data?.news.map((article) => <NewsArticleCard key={article.id} article={article} />)}
    </Stack>
  );
}
