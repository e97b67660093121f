import { Alert, Button, FileInput, Group, Input, Loader, MultiSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import type { OutputData } from '@editorjs/editorjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newsRecipients, newsTypes, visibleNewsFields, type NewsType } from '@alterna/news/validation';
import { PageLink, useGoTo } from '../../navigation';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { ServerForm, useServerForm } from '../../shared/form';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { createNews, loadFormOptions, loadNews, updateNews, uploadNewsFile, type NewsFormOptions, type NewsItem } from './api';
import { NewsEditor, type NewsEditorHandle } from './NewsEditor';
import { usePageParams } from '../../page-params';

interface Values {
  type: NewsType;
  title: string;
  content: OutputData | null;
  link: string;
  fileId: string | null;
  fileName: string | null;
  recipients: string[];
  campusIds: string[];
  trainingIds: string[];
  trainingGroupIds: string[];
}

const valuesOf = (item: NewsItem | null): Values => ({
  type: item?.type ?? 'page',
  title: item?.title ?? '',
  content: (item?.content as OutputData | null) ?? null,
  link: item?.link ?? '',
  fileId: item?.file?.id ?? null,
  fileName: item?.file?.filename ?? null,
  recipients: item?.recipients ?? [],
  campusIds: item?.campuses.map((c) => c.id) ?? [],
  trainingIds: item?.trainings.map((x) => x.id) ?? [],
  trainingGroupIds: item?.trainingGroups.map((x) => x.id) ?? [],
});

/** What is sent: the type's own field only, trainings and groups only with students among the recipients (SPEC §6). */
function payload(values: Values) {
  const shown = visibleNewsFields(values.type, values.recipients);
  return {
    type: values.type,
    title: values.title,
    content: shown.editor ? { blocks: values.content?.blocks ?? [] } : null,
    link: shown.link ? values.link : null,
    fileId: shown.file ? values.fileId : null,
    recipients: values.recipients,
    campusIds: values.campusIds,
    trainingIds: shown.trainings ? values.trainingIds : [],
    trainingGroupIds: shown.trainings ? values.trainingGroupIds : [],
  };
}

function NewsForm({ item, options }: { item: NewsItem | null; options: NewsFormOptions }) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const [uploading, setUploading] = useState(false);
  const editorHandle = useRef<NewsEditorHandle | null>(null);
  const form = useServerForm<Values, { news: NewsItem }>({
    initialValues: valuesOf(item),
    action: async (values) => {
      // The editor's content as it is now (mounted only for a page): its onChange comes after a pause, and Save may
      // be pressed within it.
      const editor = editorHandle.current;
      const sent = payload(editor ? { ...values, content: await editor.content() } : values);
      return item ? updateNews(item.id, sent) : createNews(sent);
    },
    onSuccess: async () => {
      toast.success(t('news.form.saved'));
      await goTo('news.manage');
    },
  });
  const { values, setFieldValue } = form.formik;
  const shown = visibleNewsFields(values.type, values.recipients);
  const set = (name: keyof Values, value: unknown) => {
    void setFieldValue(name, value);
    form.clearFieldError(name);
  };
  const trainings = options.trainings.filter((x) => x.campusIds.some((id) => values.campusIds.includes(id)));
  const groups = options.trainingGroups.filter((g) => values.campusIds.includes(g.campusId) && (!values.trainingIds.length || values.trainingIds.includes(g.trainingId)));

  const sendFile = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      const { file: stored } = await uploadNewsFile(file);
      set('fileId', stored.id);
      set('fileName', stored.filename);
    } catch (error) {
      form.setViolations([{ path: 'fileId', message: errorMessage(error) }]);
    } finally {
      setUploading(false);
    }
  };

  return (
    <ServerForm form={form} style={{ maxWidth: 900 }} data-testid="news-form">
      <Radio.Group id="type" name="type" label={t('news.form.type')} value={values.type} onChange={(value) => set('type', value)} error={form.fieldError('type')} required>
        <Group mt="xs">
          {newsTypes.map((type) => <Radio key={type} value={type} label={t(`news.types.${type}`)} data-testid={`news-type-${type}`} />)}
        </Group>
      </Radio.Group>
      <TextInput id="title" label={t('news.form.title')} required maxLength={200} {...form.inputProps('title')} />
      {shown.editor && (
        <Input.Wrapper id="content" label={t('news.form.content')} required error={form.fieldError('content')}>
          <NewsEditor initial={values.content} onChange={(data) => set('content', data)} handle={editorHandle} />
        </Input.Wrapper>
      )}
      {shown.file && (
        <Stack gap={4}>
          <FileInput id="fileId" name="fileId" label={t('news.form.file')} description={t('news.form.fileHelp')} required={!values.fileId}
            onChange={(file) => void sendFile(file)} error={form.fieldError('fileId')} disabled={uploading} clearable={false} data-testid="news-file" />
          {uploading && <Text size="sm" c="dimmed">{t('news.form.uploading')}</Text>}
          {values.fileName && <Text size="sm" data-testid="news-file-current">{t('news.form.fileCurrent', { name: values.fileName })}</Text>}
        </Stack>
      )}
      {shown.link && <TextInput id="link" type="url" label={t('news.form.link')} required placeholder="https://" {...form.inputProps('link')} />}
      <MultiSelect id="recipients" label={t('news.form.recipients')} required data={newsRecipients.map((r) => ({ value: r, label: t(`typologies.${r}`) }))}
        value={values.recipients} onChange={(value) => set('recipients', value)} error={form.fieldError('recipients')} searchable data-testid="news-recipients" />
      <MultiSelect id="campusIds" label={t('news.form.campuses')} required data={options.campuses.map((c) => ({ value: c.id, label: c.name }))}
        value={values.campusIds} onChange={(value) => set('campusIds', value)} error={form.fieldError('campusIds')} data-testid="news-campuses" />
      {shown.trainings && (
        <>
          <MultiSelect id="trainingIds" label={t('news.form.trainings')} description={t('news.form.trainingsHelp')} data={trainings.map((x) => ({ value: x.id, label: x.name }))}
            value={values.trainingIds} onChange={(value) => set('trainingIds', value)} error={form.fieldError('trainingIds')} searchable data-testid="news-trainings" />
          <MultiSelect id="trainingGroupIds" label={t('news.form.trainingGroups')} description={t('news.form.trainingGroupsHelp')} data={groups.map((g) => ({ value: g.id, label: g.name }))}
            value={values.trainingGroupIds} onChange={(value) => set('trainingGroupIds', value)} error={form.fieldError('trainingGroupIds')} searchable data-testid="news-groups" />
        </>
      )}
      <Group>
        <Button type="submit" loading={form.submitting} disabled={uploading} data-testid="news-save">{t('news.form.save')}</Button>
        <Button variant="default" component={PageLink} page="news.manage">{t('news.form.cancel')}</Button>
      </Group>
    </ServerForm>
  );
}

function FormScreen({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const options = usePageData(['news.form-options'], () => loadFormOptions(), { keepPrevious: false });
  const item = usePageData(['news.item', id], () => (id ? loadNews(id).then((r) => r.news) : Promise.resolve(null)), { keepPrevious: false });
  const error = options.error ?? item.error;
  return (
    <Stack gap="lg">
      <PageTitle title={t(id ? 'news.form.editTitle' : 'news.form.newTitle')} back={<PageLink page="news.manage">← {t('news.list.title')}</PageLink>} />
      {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
      {!error && (!options.data || item.data === undefined) && <Loader size="sm" />}
      {options.data && item.data !== undefined && <NewsForm key={id ?? 'new'} item={item.data} options={options.data} />}
    </Stack>
  );
}

export function NewNewsPage() {
  return <FormScreen id={null} />;
}

export function EditNewsPage() {
  const { id } = usePageParams('news.edit');
  return <FormScreen id={id} />;
}
