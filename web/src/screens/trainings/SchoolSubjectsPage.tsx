import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, Center, ColorInput, ColorSwatch, Group, Loader, Modal, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { schoolSubjectSchema } from '@alterna/trainings/validation';
import { useMe } from '../../session';
import { confirm } from '../../shared/dialogs';
import { ServerForm, useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { createSubject, updateSubject, type SchoolSubject } from './api';
import { can, fieldProps } from './fields';
import { usePageQuery } from '../../shared/page-query';
import { subjectsQuery } from './queries';
import { HiddenHeader } from '../../shared/HiddenHeader';

type Filter = 'active' | 'archived' | 'all';

/** School subjects: the centre's catalogue, with archive and unarchive (SPEC §3, §4, §8). */
export function SchoolSubjectsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const canChange = can(me?.permissions, 'trainings.subject.update');
  // Loaded by the route's loader (page-loaders.ts): the data is in the cache when the page renders.
  const page = usePageQuery(subjectsQuery, {}, {});
  const subjects: SchoolSubject[] | null = page.data ?? null;
  const { error, reload: load } = page;
  const [filter, setFilter] = useState<Filter>('active');
  const [editing, setEditing] = useState<SchoolSubject | 'new' | null>(null);

  const shown = useMemo(
    () => (subjects ?? []).filter((s) => filter === 'all' || (filter === 'archived') === s.archived),
    [subjects, filter],
  );

  const toggleArchive = async (subject: SchoolSubject) => {
    const archiving = !subject.archived;
    const ok = await confirm({
      message: t(archiving ? 'trainings.subjects.archiveConfirm' : 'trainings.subjects.unarchiveConfirm', { name: subject.name }),
      confirmLabel: t(archiving ? 'trainings.subjects.archive' : 'trainings.subjects.unarchive'),
      color: archiving ? 'orange' : 'teal',
    });
    if (!ok) return;
    try {
      const result = await updateSubject({ id: subject.id, archived: archiving });
      toast.success(result.message);
      await load();
    } catch {
      /* the GraphQL helper has shown the error */
    }
  };

  return (
    <Stack gap="lg" data-testid="subjects-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('trainings.subjects.title')} intro={t('trainings.subjects.intro')} />
        <Group gap="sm">
          <SegmentedControl
            value={filter}
            onChange={(v) => setFilter(v as Filter)}
            data={[
              { value: 'active', label: t('trainings.subjects.filterActive') },
              { value: 'archived', label: t('trainings.subjects.filterArchived') },
              { value: 'all', label: t('trainings.subjects.filterAll') },
            ]}
            data-testid="subjects-filter"
          />
          {canChange && <Button onClick={() => setEditing('new')} data-testid="subject-new">{t('trainings.subjects.new')}</Button>}
        </Group>
      </Group>
      {error && <Alert color="red" variant="light">{error}</Alert>}
      <Card withBorder radius="lg" padding={0}>
        {subjects === null ? (
          <Center p="xl">{!error && <Loader size="sm" />}</Center>
        ) : shown.length === 0 ? (
          <Text p="xl" c="dimmed" ta="center">{t('trainings.subjects.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover data-testid="subjects-table">
              <Table.Thead>
                <Table.Tr>
                  <HiddenHeader w={40} label={t('table.colour')} />
                  <Table.Th>{t('trainings.subjects.shortName')}</Table.Th>
                  <Table.Th>{t('trainings.subjects.name')}</Table.Th>
                  <Table.Th>{t('trainings.subjects.level')}</Table.Th>
                  <Table.Th>{t('trainings.subjects.status')}</Table.Th>
                  <HiddenHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((subject) => (
                  <Table.Tr key={subject.id} data-testid="subject-row" data-short-name={subject.shortName} data-archived={subject.archived}>
                    <Table.Td><ColorSwatch color={subject.color} size={18} /></Table.Td>
                    <Table.Td fw={600}>{subject.shortName}</Table.Td>
                    <Table.Td>{subject.name}</Table.Td>
                    <Table.Td>{subject.level ?? ''}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <Badge variant="light" style={{ overflow: 'visible', maxWidth: 'none' }} styles={{ label: { overflow: 'visible' } }} color={subject.archived ? 'gray' : 'teal'}>
                        {t(subject.archived ? 'trainings.subjects.archived' : 'trainings.subjects.active')}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {canChange && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          <Button size="xs" variant="default" onClick={() => setEditing(subject)} data-testid="subject-edit">{t('trainings.common.edit')}</Button>
                          <Button size="xs" variant="light" color={subject.archived ? 'teal' : 'orange'} onClick={() => void toggleArchive(subject)} data-testid="subject-archive">
                            {t(subject.archived ? 'trainings.subjects.unarchive' : 'trainings.subjects.archive')}
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={t(editing === 'new' ? 'trainings.subjects.new' : 'trainings.subjects.editTitle')} size="lg" centered>
        {editing !== null && (
          <SubjectForm
            subject={editing === 'new' ? null : editing}
            onDone={async (message) => {
              setEditing(null);
              toast.success(message);
              await load();
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

interface SubjectValues {
  name: string;
  shortName: string;
  level: string;
  color: string;
}

function SubjectForm({ subject, onDone }: { subject: SchoolSubject | null; onDone: (message: string) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useServerForm<SubjectValues, { message: string }>({
    initialValues: { name: subject?.name ?? '', shortName: subject?.shortName ?? '', level: subject?.level ?? '', color: subject?.color ?? '#4263eb' },
    validationSchema: schoolSubjectSchema,
    action: (values) => {
      const input = { name: values.name, shortName: values.shortName, level: values.level || null, color: values.color };
      return subject ? updateSubject({ id: subject.id, ...input }, { silent: true }) : createSubject(input);
    },
    onSuccess: (result) => onDone(result.message),
  });
  return (
    <ServerForm form={form} data-testid="subject-form">
      <TextInput id="name" label={t('trainings.subjects.name')} required {...form.inputProps('name')} />
      <Group grow>
        <TextInput id="shortName" label={t('trainings.subjects.shortName')} required {...form.inputProps('shortName')} />
        <TextInput id="level" label={t('trainings.subjects.level')} {...form.inputProps('level')} />
      </Group>
      <ColorInput id="color" label={t('trainings.subjects.color')} required format="hex" {...fieldProps<SubjectValues, string>(form, 'color')} />
      <Group justify="flex-end">
        <Button type="submit" loading={form.submitting} data-testid="subject-save">{t('trainings.common.save')}</Button>
      </Group>
    </ServerForm>
  );
}
