import { type ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink, useGoTo } from '../../../navigation';
import { PageTitle } from '../../../shared/PageTitle';
import { alertDialog, confirm } from '../../../shared/dialogs';
import { errorMessage, ViolationError } from '../../../shared/http';
import { usePageData } from '../../../shared/queries';
import { toast } from '../../../shared/toast';
import { deleteGroup, formatHours, loadGroupPage, type PlanningGroupPageData } from './api';
import { GroupSubscriptions } from './GroupSubscriptions';
import { SubjectLinesEditor } from './SubjectLinesEditor';
import { usePageParams } from '../../../page-params';

/** One planning group: its informations, its table of subjects with hours, its students; deletion. */
export function PlanningGroupPage() {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const { id = '' } = usePageParams('planning.group');

  const loaded = usePageData(['planning.group', id], () => loadGroupPage(id));
  // Never another group's page while this one loads.
  const page: PlanningGroupPageData | null = loaded.data?.planningGroup.id === id ? loaded.data : null;
  const { error, reload } = loaded;

  if (error) return <Alert color="red" variant="light" data-testid="planning-group-error">{error}</Alert>;
  if (!page) return <Center p="xl"><Loader size="sm" /></Center>;
  const group = page.planningGroup;

  const remove = async () => {
    const ok = await confirm({
      title: t('planning.groups.delete.title'),
      message: t('planning.groups.delete.confirm', { name: group.name }),
      confirmLabel: t('planning.groups.delete.action'),
      color: 'red',
    });
    if (!ok) return;
    try {
      toast.success((await deleteGroup(group.id)).message);
      await goTo('planning.groups');
    } catch (e: unknown) {
      // The refusal says why (students linked to the planning group, lessons, sub-groups): shown as the server words it.
      const message = e instanceof ViolationError ? e.violations.map((v) => v.message).join('\n') : errorMessage(e);
      await alertDialog({ type: 'error', title: t('planning.groups.delete.refused'), message });
    }
  };

  const item = (label: string, value: ReactNode, testId?: string) => (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>{label}</Text>
      <div data-testid={testId}>{value}</div>
    </div>
  );
  const none = <Text c="dimmed">—</Text>;
  const hours = formatHours(group.schoolSubjectLines.reduce((sum, line) => sum + line.hours, 0));

  return (
    <Stack gap="lg" data-testid="planning-group-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle
          title={group.name}
          intro={group.campus.name}
          back={<PageLink page="planning.groups"><Text size="sm">← {t('planning.groups.title')}</Text></PageLink>}
          titleTestId="planning-group-title"
        />
        {page.canUpdate && (
          <Group>
            <PageLink page="planning.groupEdit" params={{ id: group.id }} data-testid="planning-group-edit">
              <Button component="span" variant="default">{t('planning.groups.editInformations')}</Button>
            </PageLink>
            <Button color="red" variant="light" onClick={() => void remove()} data-testid="planning-group-delete">
              {t('planning.groups.delete.action')}
            </Button>
          </Group>
        )}
      </Group>

      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
          {item(t('planning.groups.campus'), <Text>{group.campus.name}</Text>, 'planning-group-campus')}
          {item(
            t('planning.groups.trainingGroup'),
            group.trainingGroup ? <Badge variant="light" title={group.trainingGroup.name}>{group.trainingGroup.shortName}</Badge> : none,
            'planning-group-training-group',
          )}
          {item(
            t('planning.groups.parent'),
            group.parent ? <PageLink page="planning.group" params={{ id: group.parent.id }}>{group.parent.name}</PageLink> : none,
            'planning-group-parent',
          )}
          {item(
            t('planning.groups.children'),
            page.children.length ? (
              <Group gap={6}>
                {page.children.map((child) => (
                  <Anchor key={child.id} component="span" size="sm">
                    <PageLink page="planning.group" params={{ id: child.id }}>{child.name}</PageLink>
                  </Anchor>
                ))}
              </Group>
            ) : none,
            'planning-group-children',
          )}
        </SimpleGrid>
      </Card>

      <Card withBorder radius="lg" padding="lg" data-testid="planning-group-subjects-card">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz={20}>{t('planning.groups.lines.title')}</Title>
          <Text size="sm" c="dimmed">{t('planning.groups.subjectSummary', { count: group.schoolSubjectLines.length, hours })}</Text>
        </Group>
        <SubjectLinesEditor
          key={group.schoolSubjectLines.map((line) => `${line.id}:${line.hours}`).join('|')}
          group={group}
          subjects={page.subjects}
          canUpdate={page.canUpdate}
          onSaved={() => void reload()}
        />
      </Card>

      <Card withBorder radius="lg" padding="lg" data-testid="planning-group-students-card">
        <Group justify="space-between" mb="sm">
          <Title order={2} fz={20}>{t('planning.groups.subscriptions.title')}</Title>
          <Text size="sm" c="dimmed" data-testid="planning-group-students-count">{t('planning.groups.subscriptions.count', { count: group.subscriptionsCount })}</Text>
        </Group>
        <GroupSubscriptions page={page} onChanged={reload} />
      </Card>
    </Stack>
  );
}
