import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatSize } from '@alterna/files/validation';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { downloadUrl, loadMyDocuments } from './api';
import { StoredFileIcon } from './FileIcon';

/** "Documents" of the student, teacher and tutor spaces: the published files of the folders their groups may see. */
export function MyDocumentsPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const page = usePageData(['files.mine'], loadMyDocuments);
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <Stack gap="lg" data-testid="my-documents-page">
      <PageTitle title={t('files.mine.title')} intro={t('files.mine.intro')} />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !page.data.folders.length && <Text c="dimmed">{t('files.mine.none')}</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {(page.data?.folders ?? []).map((folder) => (
          <Card key={folder.id} withBorder radius="lg" padding="lg" data-testid="my-folder" data-name={folder.folderName}>
            <Title order={2} fz="lg" mb="sm">{folder.folderName}</Title>
            <Stack gap="sm">
              {folder.files.map((file) => (
                <Group key={file.id} gap="sm" wrap="nowrap" data-testid="my-file" data-name={file.name}>
                  <StoredFileIcon contentType={file.contentType} name={file.name} />
                  <div>
                    <Anchor href={downloadUrl(file.id)} fw={500} size="sm">{file.name}</Anchor>
                    <Text size="xs" c="dimmed">
                      {formatSize(file.size, language)}
                      {file.expirationDate ? ` · ${t('files.mine.until', { date: day.format(new Date(`${file.expirationDate}T00:00:00Z`)) })}` : ''}
                    </Text>
                  </div>
                </Group>
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
