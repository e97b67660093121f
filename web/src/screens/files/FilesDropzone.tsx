import { useState } from 'react';
import { useDropzone } from 'react-dropzone';
import { Badge, Button, Group, Loader, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  fileTypologyReferences, formatSize, parallelUploads, uploadIgnored, uploadProblems, type FileTypology, type TypologyRules,
} from '@alterna/files/validation';
import { errorMessage } from '../../shared/http';
import { toast } from '../../shared/toast';
import { uploadFile } from './api';
import { FilePreview } from './FileIcon';

/** SPEC §4 upload items: pending, then done or error. */
type ItemStatus = 'pending' | 'sending' | 'done' | 'error';
interface Item {
  key: number;
  file: File;
  status: ItemStatus;
  message: string | null;
}

let nextKey = 1;

/**
 * The multi-file dropzone (SPEC §7/§9): dropped files wait in a queue; "Send" uploads them to the folder in
 * batches of 4 in parallel. Each item goes pending → done or error; errors come together in one toast, line by line.
 */
export function FilesDropzone({ folderId, typologies, onUploaded }: { folderId: string; typologies: TypologyRules; onUploaded: () => void }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const [typology, setTypology] = useState<FileTypology | null>('document');
  const [items, setItems] = useState<Item[]>([]);
  const [running, setRunning] = useState(false);
  // The queue starts when the user asks (auto upload off): a drop never sends anything by itself.
  const autoUpload = false;

  const patch = (key: number, change: Partial<Item>) => setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const onDrop = (files: File[]) => {
    if (!typology) return;
    const rule = typologies[typology];
    const added = files.map((file): Item => {
      const problems = uploadProblems({ type: file.type, size: file.size }, rule, language);
      return { key: nextKey++, file, status: problems.length ? 'error' : 'pending', message: problems.map((p) => t(p.key, p.values)).join('\n') || null };
    });
    const refused = added.filter((item) => item.status === 'error');
    if (refused.length) toast.error(<span style={{ whiteSpace: 'pre-line' }}>{refused.map((item) => `${item.file.name} : ${item.message}`).join('\n')}</span>);
    setItems((all) => [...all, ...added]);
    if (!uploadIgnored({ blockAutoUpload: autoUpload, typologyReference: typology })) void start();
  };

  const dropzone = useDropzone({ onDrop, multiple: true, disabled: running || !typology });

  async function start() {
    if (!typology) return;
    const queue = items.filter((item) => item.status === 'pending');
    if (!queue.length) return;
    setRunning(true);
    const errors: string[] = [];
    let done = 0;
    for (let i = 0; i < queue.length; i += parallelUploads) {
      const batch = queue.slice(i, i + parallelUploads);
      await Promise.all(batch.map(async (item) => {
        patch(item.key, { status: 'sending' });
        try {
          await uploadFile(item.file, { typology, folder: folderId, multiple: true });
          patch(item.key, { status: 'done', message: null });
          done += 1;
        } catch (error) {
          const message = errorMessage(error);
          errors.push(`${item.file.name} : ${message}`);
          patch(item.key, { status: 'error', message });
        }
      }));
    }
    setRunning(false);
    if (errors.length) toast.error(<span style={{ whiteSpace: 'pre-line' }}>{errors.join('\n')}</span>);
    if (done) {
      toast.success(t('files.uploader.sent', { count: done }));
      onUploaded();
    }
  }

  const pending = items.filter((item) => item.status === 'pending').length;
  const statusColor: Record<ItemStatus, string> = { pending: 'gray', sending: 'blue', done: 'teal', error: 'red' };

  return (
    <Stack gap="sm" data-testid="files-uploader">
      <Group align="flex-end">
        <Select
          label={t('files.uploader.typology')}
          data={fileTypologyReferences.map((value) => ({ value, label: t(`files.typologies.${value}`) }))}
          value={typology}
          onChange={(value) => setTypology(value as FileTypology | null)}
          allowDeselect={false}
          w={220}
          data-testid="files-typology"
        />
        {typology && (
          <Text size="sm" c="dimmed" pb={6}>
            {t('files.uploader.limit', { max: formatSize(typologies[typology].maxBytes, language) })}
          </Text>
        )}
      </Group>
      <Paper
        {...dropzone.getRootProps()}
        withBorder
        p="lg"
        radius="md"
        style={{ borderStyle: 'dashed', cursor: 'pointer', background: dropzone.isDragActive ? 'var(--mantine-color-indigo-0)' : undefined, textAlign: 'center' }}
        data-testid="files-dropzone"
      >
        <input {...dropzone.getInputProps()} data-testid="files-dropzone-input" />
        <Text fw={600}>{t('files.uploader.drop')}</Text>
        <Text size="sm" c="dimmed">{t('files.uploader.hint', { count: parallelUploads })}</Text>
      </Paper>
      {items.length > 0 && (
        <Table verticalSpacing={4} data-testid="files-queue">
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.key} data-testid="files-queue-item" data-status={item.status === 'sending' ? 'pending' : item.status} data-name={item.file.name}>
                <Table.Td w={52}><FilePreview file={item.file} /></Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>{item.file.name}</Text>
                  <Text size="xs" c="dimmed">{formatSize(item.file.size, language)}</Text>
                  {item.message && <Text size="xs" c="red" style={{ whiteSpace: 'pre-line' }}>{item.message}</Text>}
                </Table.Td>
                <Table.Td w={140} ta="right">
                  {item.status === 'sending'
                    ? <Loader size="xs" aria-label={t('files.uploader.status.pending')} />
                    : <Badge color={statusColor[item.status]} variant="light">{t(`files.uploader.status.${item.status}`)}</Badge>}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="flex-end">
        {items.some((item) => item.status !== 'pending' && item.status !== 'sending') && (
          <Button variant="subtle" disabled={running} onClick={() => setItems((all) => all.filter((item) => item.status === 'pending' || item.status === 'sending'))}>
            {t('files.uploader.clear')}
          </Button>
        )}
        <Button onClick={() => void start()} loading={running} disabled={!pending || !typology} data-testid="files-start">
          {t('files.uploader.start', { count: pending })}
        </Button>
      </Group>
    </Stack>
  );
}
