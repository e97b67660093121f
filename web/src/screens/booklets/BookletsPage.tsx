import { useEffect, useState } from 'react';
import { Alert, Badge, Card, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { fullName, useMe } from '../../session';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { DueBadge } from './ApprenticesOverview';
import { formPage, loadGroup, loadMine, type BookletSummary } from './api';
import { usePageParams } from '../../page-params';
import { formatNumber } from '../../shared/format';
import { itemTitle } from './item-title';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

/** "My apprentices" (coach, tutor, company) and "my booklet" (apprentice): each booklet with its forms. */
export function MyBookletsPage() {
  const { t } = useTranslation();
  const me = useMe();
  // This school year's registrations; earlier ones when asked.
  const [earlier, setEarlier] = useState(false);
  const page = usePageData(['booklets.mine', earlier], () => loadMine(earlier));
  const student = me?.space === 'student';
  return (
    <Stack gap="lg" data-testid="booklets-page">
      <PageTitle title={t(student ? 'booklets.page.mine' : 'booklets.page.apprentices')} intro={t(student ? 'booklets.page.mineIntro' : 'booklets.page.apprenticesIntro')} />
      <Switch label={t('booklets.page.earlierYears')} checked={earlier} onChange={(e) => setEarlier(e.currentTarget.checked)} data-testid="earlier-years" />
      <Booklets data={page.data?.booklets} error={page.error} />
    </Stack>
  );
}

/** Staff: a training group's booklets at a glance. */
export function GroupBookletsPage() {
  const { t } = useTranslation();
  const { id } = usePageParams('booklets.group');
  const page = usePageData(['booklets.group', id], () => loadGroup(id));
  return (
    <Stack gap="lg" data-testid="group-booklets-page">
      <PageTitle title={t('booklets.page.group')} intro={page.data?.booklets[0]?.registration.trainingGroup.name ?? ''} />
      <Booklets data={page.data?.booklets} error={page.error} />
    </Stack>
  );
}

function Booklets({ data, error }: { data: BookletSummary[] | undefined; error: string | null }) {
  const { t } = useTranslation();
  const me = useMe();
  // A follower's home links an apprentice's booklet as `#booklet-<registration>`: shown once the list is there.
  useEffect(() => {
    if (data && window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [data]);
  if (error) return <Alert color="red" variant="light" role="alert">{error}</Alert>;
  if (!data || !me) return null;
  if (!data.length) return <Text c="dimmed">{t('booklets.page.none')}</Text>;
  return (
    <>
      {data.map(({ registration, forms }) => (
        <Card key={registration.id} id={`booklet-${registration.id}`} withBorder radius="lg" padding="lg" data-testid="booklet-card">
          <Group justify="space-between" mb="sm">
            <Text fw={600}>{fullName(registration.student)}</Text>
            <Text size="sm" c="dimmed">{registration.trainingGroup.name} · {t('booklets.page.progress', { done: forms.filter((f) => f.version > 0).length, total: forms.length })}
              {' · '}{t('booklets.overview.validatedOf', { done: forms.filter((f) => f.validatedAt).length, total: forms.length })}</Text>
          </Group>
          <StackedTable striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th><Table.Th>{t('booklets.page.item')}</Table.Th><Table.Th>{t('booklets.page.due')}</Table.Th>
                <Table.Th>{t('booklets.page.state')}</Table.Th><Table.Th>{t('booklets.form.average')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forms.map((form) => (
                <Table.Tr key={form.id}>
                  <StackedCell label="#">{form.position}</StackedCell>
                  <StackedCell><PageLink page={formPage[me.space]} params={{ id: form.id }} data-testid="booklet-form-link">{itemTitle(form.title, t)}</PageLink></StackedCell>
                  <StackedCell label={t('booklets.page.due')}><DueBadge form={form} /></StackedCell>
                  <StackedCell label={t('booklets.page.state')}>
                    {form.validatedAt ? <Badge color="teal">{t('booklets.page.validated')}</Badge>
                      : form.validation ? <Badge color="yellow" data-testid="awaiting-badge">{t('booklets.overview.waitingFor', { role: t(`booklets.signatures.roles.${form.validation.awaiting}`), names: form.validation.awaitingPeople.join(', ') || '—' })}</Badge>
                      : form.lockedBy ? <Badge color="orange">{t('booklets.page.lockedBy', { name: form.lockedBy })}</Badge>
                      : form.version > 0 ? <Badge color="blue">{t('booklets.page.filled')}</Badge> : <Badge color="gray">{t('booklets.page.empty')}</Badge>}
                  </StackedCell>
                  <StackedCell label={t('booklets.form.average')} data-testid="form-average">{form.averageMark !== null && form.modules.some((m) => m.endsWith('-evaluation')) ? formatNumber(form.averageMark, { minimumFractionDigits: 2 }) : '—'}</StackedCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        </Card>
      ))}
    </>
  );
}
