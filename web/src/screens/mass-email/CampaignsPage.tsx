import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { formatDateTime, percent, personName } from '../../shared/format';
import { errorMessage } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { useMe } from '../../session';
import { loadCampaign, loadCampaigns, pauseCampaign, resumeCampaign, stateColor, statusColor, type CampaignSummary } from './api';
import { usePageParams } from '../../page-params';

function Counts({ campaign }: { campaign: CampaignSummary }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" span>
      {t('massEmail.counts', { sent: campaign.sent, failed: campaign.failed, total: campaign.total })}
      {campaign.unsubscribed ? ` · ${t('massEmail.unsubscribedCount', { count: campaign.unsubscribed })}` : ''}
    </Text>
  );
}

/** The campaigns of one's campuses with their state and counts. */
export function CampaignsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const list = usePageData(['massEmail.campaigns'], loadCampaigns, {
    pollMs: (data) => (data?.campaigns.some((c) => c.status === 'sending') ? 2000 : false),
  });
  return (
    <Stack gap="lg" data-testid="mass-email-campaigns">
      <PageTitle title={t('massEmail.campaigns.title')} intro={t('massEmail.campaigns.intro')} />
      {me?.permissions.includes('mass-email.campaign.send') && (
        <div><Button component={PageLink} page="massEmail.new" data-testid="mass-email-new-link">{t('massEmail.new.title')}</Button></div>
      )}
      {list.error && <Alert color="red" variant="light" role="alert">{list.error}</Alert>}
      <Card withBorder radius="lg" padding={0} style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('massEmail.campaigns.subject')}</Table.Th>
              <Table.Th>{t('massEmail.campaigns.status')}</Table.Th>
              <Table.Th>{t('massEmail.campaigns.progress')}</Table.Th>
              <Table.Th>{t('massEmail.campaigns.sentBy')}</Table.Th>
              <Table.Th>{t('massEmail.campaigns.date')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(list.data?.campaigns ?? []).map((c) => (
              <Table.Tr key={c.id} data-testid="mass-email-campaign-row">
                <Table.Td><Anchor component={PageLink} page="massEmail.campaign" params={{ id: c.id }}>{c.subject}</Anchor></Table.Td>
                <Table.Td><Badge color={statusColor[c.status]} variant="light">{t(`massEmail.status.${c.status}`)}</Badge></Table.Td>
                <Table.Td><Counts campaign={c} /></Table.Td>
                <Table.Td>{c.createdBy ? `${c.createdBy.firstName} ${c.createdBy.lastName}` : '–'}</Table.Td>
                <Table.Td>{formatDateTime(c.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
            {list.data && !list.data.campaigns.length && (
              <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" ta="center">{t('massEmail.campaigns.none')}</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

/** One campaign: its state, live counts, pause and resume, and every recipient's state with the server's answer. */
export function CampaignPage() {
  const { t } = useTranslation();
  const { id } = usePageParams('massEmail.campaign');
  const detail = usePageData(['massEmail.campaign', id], () => loadCampaign(id), {
    pollMs: (data) => (data?.campaign.status === 'sending' ? 1000 : false),
  });
  const [error, setError] = useState<string | null>(null);
  const campaign = detail.data?.campaign;
  const act = async (action: (id: string) => Promise<unknown>) => {
    setError(null);
    try {
      await action(id);
      await detail.reload();
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  return (
    <Stack gap="lg" data-testid="mass-email-campaign">
      <PageTitle title={campaign?.subject ?? t('massEmail.campaigns.title')} back={<PageLink page="massEmail.campaigns">← {t('massEmail.campaigns.title')}</PageLink>} />
      {(detail.error || error) && <Alert color="red" variant="light" role="alert">{detail.error ?? error}</Alert>}
      {campaign && (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="xs">
            <Group justify="space-between">
              <Group>
                <Badge size="lg" color={statusColor[campaign.status]} variant="light" data-testid="mass-email-status">{t(`massEmail.status.${campaign.status}`)}</Badge>
                <Counts campaign={campaign} />
              </Group>
              <Group>
                {campaign.canPause && <Button variant="light" color="yellow" onClick={() => void act(pauseCampaign)} data-testid="mass-email-pause">{t('massEmail.campaign.pause')}</Button>}
                {campaign.canResume && <Button onClick={() => void act(resumeCampaign)} data-testid="mass-email-resume">{t('massEmail.campaign.resume')}</Button>}
                {campaign.operationId && <Button component={PageLink} page="staff.operations" variant="subtle">{t('massEmail.campaign.operations')}</Button>}
              </Group>
            </Group>
            <Progress
              value={percent(campaign.sent + campaign.failed, campaign.total)} animated={campaign.status === 'sending'}
              color={campaign.failed ? 'orange' : 'green'} aria-label={t('massEmail.campaigns.progress')} data-testid="mass-email-progress"
            />
            <Text size="sm" c="dimmed">
              {t('massEmail.campaign.meta', { date: formatDateTime(campaign.createdAt), name: campaign.createdBy ? personName(campaign.createdBy) : '–' })}
            </Text>
          </Stack>
        </Card>
      )}
      {campaign && (
        <Card withBorder radius="lg" padding={0} style={{ overflowX: 'auto' }}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('massEmail.campaign.recipient')}</Table.Th>
                <Table.Th>{t('massEmail.campaign.email')}</Table.Th>
                <Table.Th>{t('massEmail.campaign.group')}</Table.Th>
                <Table.Th>{t('massEmail.campaign.state')}</Table.Th>
                <Table.Th>{t('massEmail.campaign.answer')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {campaign.recipients.map((r) => (
                <Table.Tr key={r.seq} data-testid="mass-email-recipient">
                  <Table.Td>{personName(r)}</Table.Td>
                  <Table.Td>{r.email}</Table.Td>
                  <Table.Td>{[r.group, r.campus].filter(Boolean).join(' · ')}</Table.Td>
                  <Table.Td><Badge color={stateColor[r.state]} variant="light">{t(`massEmail.state.${r.state}`)}</Badge></Table.Td>
                  <Table.Td><Text size="xs" c="dimmed">{r.answer ?? ''}</Text></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
    </Stack>
  );
}
