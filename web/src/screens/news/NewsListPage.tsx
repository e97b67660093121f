import { Alert, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink, useGoTo } from '../../navigation';
import { useMe } from '../../session';
import { confirm } from '../../shared/dialogs';
import { formatDate } from '../../shared/format';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { deleteNews, loadNewsList, toggleNews, type NewsItem } from './api';

/** Staff: the news of their campuses, published or not; publish, unpublish, edit, delete (confirmed). */
export function NewsListPage() {
  const { t } = useTranslation();
  const me = useMe();
  const goTo = useGoTo();
  const page = usePageData(['news.list'], () => loadNewsList());
  const canWrite = !!me?.permissions.includes('news.news.manage');

  const toggle = async (item: NewsItem) => {
    try {
      const { news } = await toggleNews(item.id);
      page.update((current) => ({ news: current.news.map((n) => (n.id === news.id ? news : n)) }));
      toast.success(t(news.published ? 'news.list.publishedDone' : 'news.list.unpublishedDone'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const remove = async (item: NewsItem) => {
    const ok = await confirm({ title: t('news.list.deleteTitle'), message: t('news.list.deleteText', { title: item.title }), confirmLabel: t('news.list.delete'), color: 'red' });
    if (!ok) return;
    try {
      await deleteNews(item.id);
      page.update((current) => ({ news: current.news.filter((n) => n.id !== item.id) }));
      toast.success(t('news.list.deleted'));
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('news.list.title')} intro={t('news.list.intro')} />
        {canWrite && <Button onClick={() => void goTo('news.new')} data-testid="news-new">{t('news.list.new')}</Button>}
      </Group>
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !page.data.news.length && <Text c="dimmed">{t('news.list.empty')}</Text>}
      {!!page.data?.news.length && (
        <Table.ScrollContainer minWidth={800}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="news-table">
            <Table.Thead>
              <Table.Tr>
                {(['title', 'type', 'recipients', 'campuses', 'status', 'actions'] as const).map((column) => <Table.Th key={column}>{t(`news.list.columns.${column}`)}</Table.Th>)}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {page.data.news.map((item) => (
                <Table.Tr key={item.id} data-testid="news-row">
                  <Table.Td>
                    <Text fw={500}>{item.title}</Text>
                    {(item.trainings.length > 0 || item.trainingGroups.length > 0) && (
                      <Text size="xs" c="dimmed">{[...item.trainings, ...item.trainingGroups].map((x) => x.name).join(', ')}</Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(`news.types.${item.type}`)}</Table.Td>
                  <Table.Td>{item.recipients.map((r) => t(`typologies.${r}`)).join(', ')}</Table.Td>
                  <Table.Td>{item.campuses.map((c) => c.name).join(', ')}</Table.Td>
                  <Table.Td>
                    {item.published
                      ? (
                        <Stack gap={2} align="flex-start">
                          <Badge color="teal" variant="light">{t('news.list.published')}</Badge>
                          <Text size="xs" c="dimmed">{formatDate(item.publishedAt)}</Text>
                        </Stack>
                      )
                      : <Badge color="gray" variant="light">{t('news.list.draft')}</Badge>}
                  </Table.Td>
                  <Table.Td>
                    {item.canManage && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" variant="light" color={item.published ? 'orange' : 'teal'} onClick={() => void toggle(item)}>
                          {t(item.published ? 'news.list.unpublish' : 'news.list.publish')}
                        </Button>
                        <Button size="xs" variant="default" component={PageLink} page="news.edit" params={{ id: item.id }}>{t('news.list.edit')}</Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => void remove(item)}>{t('news.list.delete')}</Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
