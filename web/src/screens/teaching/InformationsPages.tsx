import { Button, Card, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnyObjectSchema } from 'yup';
import { coachInformationsSchema, teacherInformationsSchema } from '@alterna/teaching/validation';
import { PageLink, useGoTo } from '../../navigation';
import type { PageId } from '../../pages';
import { PageTitle } from '../../shared/PageTitle';
import { DecimalInput } from '../../shared/DecimalInput';
import { ServerForm, useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { apiPaths, loadCoachPage, loadTeacherPage } from './api';
import { fullName, Loading, useLoaded } from './common';
import { usePageParams } from '../../page-params';

interface Field {
  name: string;
  multiline?: boolean;
  numeric?: boolean;
}

interface InformationsConfig {
  /** Catalogue prefix of the labels and titles (teaching.teacher / teaching.coach). */
  prefix: string;
  fields: Field[];
  schema: AnyObjectSchema;
  backPage: PageId;
  action: (id: string, mode: 'new' | 'edit') => string;
  load: (id: string) => Promise<{ person: { firstName: string; lastName: string }; informations: Record<string, unknown> | null }>;
}

const teacherConfig: InformationsConfig = {
  prefix: 'teaching.teacher',
  fields: [{ name: 'specialities', multiline: true }, { name: 'diploma' }, { name: 'professionalExperience', multiline: true }, { name: 'comment', multiline: true }],
  schema: teacherInformationsSchema,
  backPage: 'teaching.teacher',
  action: (id, mode) => apiPaths.teacherInformations(id, mode),
  load: async (id) => {
    const page = await loadTeacherPage(id);
    return { person: page.teacher, informations: page.informations as Record<string, unknown> | null };
  },
};

const coachConfig: InformationsConfig = {
  prefix: 'teaching.coach',
  fields: [{ name: 'specialities', multiline: true }, { name: 'maxStudents', numeric: true }, { name: 'comment', multiline: true }],
  schema: coachInformationsSchema,
  backPage: 'teaching.coach',
  action: (id, mode) => apiPaths.coachInformations(id, mode),
  load: async (id) => {
    const page = await loadCoachPage(id);
    return { person: page.coach, informations: page.informations as Record<string, unknown> | null };
  },
};

export const TeacherInformationsNewPage = () => <InformationsPage config={teacherConfig} mode="new" />;
export const TeacherInformationsEditPage = () => <InformationsPage config={teacherConfig} mode="edit" />;
export const CoachInformationsNewPage = () => <InformationsPage config={coachConfig} mode="new" />;
export const CoachInformationsEditPage = () => <InformationsPage config={coachConfig} mode="edit" />;

function InformationsPage({ config, mode }: { config: InformationsConfig; mode: 'new' | 'edit' }) {
  const { id = '' } = usePageParams('teaching.teacherInformationsNew', 'teaching.teacherInformationsEdit', 'teaching.coachInformationsNew', 'teaching.coachInformationsEdit');
  const { data, error } = useLoaded([config.prefix, id], () => config.load(id));
  if (!data) return <Loading error={error} />;
  return <InformationsForm config={config} mode={mode} id={id} person={data.person} informations={data.informations} />;
}

function InformationsForm({ config, mode, id, person, informations }: {
  config: InformationsConfig;
  mode: 'new' | 'edit';
  id: string;
  person: { firstName: string; lastName: string };
  informations: Record<string, unknown> | null;
}) {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const form = useServerForm<Record<string, string | number | null>, { message: string }>({
    initialValues: Object.fromEntries(config.fields.map((f) => {
      const saved = informations?.[f.name];
      return [f.name, f.numeric ? (typeof saved === 'number' ? saved : null) : saved == null ? '' : String(saved)];
    })),
    validationSchema: config.schema,
    action: config.action(id, mode),
    onSuccess: async (result) => {
      toast.success(result.message);
      await goTo(config.backPage, { id });
    },
  });
  return (
    <Stack gap="lg" data-testid="informations-page">
      <PageTitle
        back={<PageLink page={config.backPage} params={{ id }}><Text size="sm">← {fullName(person)}</Text></PageLink>}
        title={t(`${config.prefix}.informationsTitle.${mode}`)}
        intro={fullName(person)}
      />
      <Card withBorder radius="lg" padding="lg" maw={760}>
        <ServerForm form={form} data-testid="informations-form">
          {config.fields.map((field) =>
            field.multiline ? (
              <Textarea key={field.name} id={field.name} label={t(`${config.prefix}.fields.${field.name}`)} autosize minRows={2} {...form.inputProps(field.name)} />
            ) : field.numeric ? (
              <DecimalInput key={field.name} id={field.name} label={t(`${config.prefix}.fields.${field.name}`)} integer {...form.decimalProps(field.name)} />
            ) : (
              <TextInput key={field.name} id={field.name} label={t(`${config.prefix}.fields.${field.name}`)} {...form.inputProps(field.name)} />
            ),
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} data-testid="informations-save">{t('teaching.common.save')}</Button>
          </Group>
        </ServerForm>
      </Card>
    </Stack>
  );
}
