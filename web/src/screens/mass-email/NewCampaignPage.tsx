import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Card, CloseButton, Group, MultiSelect, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format';
import { recipientTypologies } from '@alterna/mass-email/validation';
import { PageLink, useGoTo } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { SearchSelect } from '../../shared/SearchSelect';
import { confirm } from '../../shared/dialogs';
import { ViolationError, errorMessage, type Violation } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { loadOptions, mergeTagList, previewCampaign, searchPeople, sendCampaign, type Person, type PreviewResult, type RecipientsChoice } from './api';

const emptyChoice: RecipientsChoice = { typologies: [], campuses: [], trainings: [], trainingGroups: [], actors: [] };

/** SPEC §2 `/mailbox/mass-email/new`: the message (a template, or a subject and a body), the recipients, a preview, send. */
export function NewCampaignPage() {
  const { t } = useTranslation();
  const goTo = useGoTo();
  const options = usePageData(['massEmail.options'], loadOptions);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [subject, setSubject] = useState('');
  const [html, setHtml] = useState('');
  const [choice, setChoice] = useState<RecipientsChoice>(emptyChoice);
  const [people, setPeople] = useState<Person[]>([]);
  const [violations, setViolations] = useState<Violation[]>([]);
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const [busy, setBusy] = useState<'preview' | 'send' | null>(null);
  // One id per form: a second click (or a retried request) answers the same campaign.
  const requestId = useMemo(() => crypto.randomUUID(), []);

  const recipients = { ...choice, actors: people.map((p) => p.id) };
  const body = { templateId, subject, html, recipients };
  const errorAt = (prefix: string) => violations.filter((v) => v.path === prefix || v.path.startsWith(`${prefix}[`) || v.path.startsWith(`${prefix}.`)).map((v) => v.message).join(' ') || undefined;
  const formErrors = violations.filter((v) => !['subject', 'html', 'templateId'].includes(v.path) && !v.path.startsWith('recipients.'));
  const set = (key: keyof RecipientsChoice) => (value: string[]) => {
    setChoice((c) => ({ ...c, [key]: value }));
    setPreview(null);
  };

  const run = async (kind: 'preview' | 'send') => {
    // Sent is sent: the confirmation names the real number of recipients (the preview's) and the subject.
    if (kind === 'send') {
      const count = preview?.count ?? 0;
      const ok = await confirm({
        title: t('massEmail.new.confirmTitle', { count }),
        message: t('massEmail.new.confirmText', { count, subject: preview?.sample?.subject || subject }),
        confirmLabel: t('massEmail.new.sendTo', { count }),
        cancelLabel: t('massEmail.new.confirmCancel'),
      });
      if (!ok) return;
    }
    setBusy(kind);
    setViolations([]);
    try {
      if (kind === 'preview') setPreview(await previewCampaign(body));
      else {
        const { campaign } = await sendCampaign({ ...body, requestId });
        toast.success(t('massEmail.new.started', { count: campaign.total }));
        await goTo('massEmail.campaign', { id: campaign.id });
      }
    } catch (error) {
      if (error instanceof ViolationError && error.violations.length) setViolations(error.violations);
      else setViolations([{ path: '', message: errorMessage(error) }]);
    } finally {
      setBusy(null);
    }
  };

  const data = options.data;
  return (
    <Stack gap="lg" data-testid="mass-email-new">
      <PageTitle title={t('massEmail.new.title')} intro={t('massEmail.new.intro')} back={<PageLink page="massEmail.campaigns">← {t('massEmail.campaigns.title')}</PageLink>} />
      {options.error && <Alert color="red" variant="light" role="alert">{options.error}</Alert>}
      {formErrors.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="mass-email-errors">
          {formErrors.map((v) => <div key={v.path + v.message}>{v.message}</div>)}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">{t('massEmail.new.message')}</Title>
            {data?.templates && (
              <Select
                label={t('massEmail.new.template')} clearable searchable placeholder={t('massEmail.new.writeOne')} data-testid="mass-email-template"
                data={data.templates.map((tpl) => ({ value: tpl.id, label: tpl.subTitle ? `${tpl.subject} — ${tpl.subTitle}` : tpl.subject }))}
                value={templateId} onChange={(v) => { setTemplateId(v); setPreview(null); }} error={errorAt('templateId')}
              />
            )}
            <TextInput
              label={t('massEmail.new.subject')} value={subject} onChange={(e) => { setSubject(e.currentTarget.value); setPreview(null); }}
              required={!templateId} error={errorAt('subject')} data-testid="mass-email-subject"
              description={templateId ? t('massEmail.new.subjectFromTemplate') : undefined}
            />
            {!templateId && (
              <Textarea
                label={t('massEmail.new.body')} description={t('massEmail.new.bodyHelp')} value={html} autosize minRows={8} maxRows={20}
                onChange={(e) => { setHtml(e.currentTarget.value); setPreview(null); }} required error={errorAt('html')}
                styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }} data-testid="mass-email-body"
              />
            )}
            {!templateId && (
              <Group gap={6}>
                <Text size="sm" c="dimmed">{t('massEmail.new.mergeTags')}</Text>
                {mergeTagList.map((tag) => (
                  <Badge key={tag} variant="light" style={{ cursor: 'pointer', textTransform: 'none' }} onClick={() => setHtml((h) => `${h}{{${tag}}}`)} data-testid={`merge-tag-${tag}`}>
                    {t(`massEmail.tags.${tag}`)}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Title order={2} fz="lg">{t('massEmail.new.recipients')}</Title>
            <Text size="sm" c="dimmed">{t('massEmail.new.recipientsHelp')}</Text>
            {errorAt('recipients') && !violations.some((v) => v.path.startsWith('recipients.')) && <Alert color="red" variant="light">{errorAt('recipients')}</Alert>}
            <MultiSelect
              label={t('massEmail.new.typologies')} searchable clearable data-testid="mass-email-typologies"
              data={recipientTypologies.map((typology) => ({ value: typology, label: t(`typologies.${typology}`) }))}
              value={choice.typologies} onChange={set('typologies')} error={errorAt('recipients.typologies')}
            />
            <MultiSelect
              label={t('massEmail.new.campuses')} description={t('massEmail.new.campusesHelp')} clearable data-testid="mass-email-campuses"
              data={(data?.campuses ?? []).map((c) => ({ value: c.id, label: c.name }))} value={choice.campuses} onChange={set('campuses')} error={errorAt('recipients.campuses')}
            />
            <MultiSelect
              label={t('massEmail.new.trainings')} searchable clearable data-testid="mass-email-trainings"
              data={(data?.trainings ?? []).map((tr) => ({ value: tr.id, label: tr.name }))} value={choice.trainings} onChange={set('trainings')} error={errorAt('recipients.trainings')}
            />
            <MultiSelect
              label={t('massEmail.new.groups')} searchable clearable data-testid="mass-email-groups"
              data={(data?.trainingGroups ?? []).map((g) => ({ value: g.id, label: `${g.name} (${g.campusName}, ${g.sessionName})` }))} value={choice.trainingGroups} onChange={set('trainingGroups')}
              error={errorAt('recipients.trainingGroups')}
            />
            <SearchSelect<Person>
              label={t('massEmail.new.people')} placeholder={t('massEmail.new.peopleSearch')} data-testid="mass-email-people"
              loadOptions={(q) => searchPeople(q)} formatOption={(p) => `${personName(p)} <${p.email}>`} getOptionValue={(p) => p.id}
              value={null} error={errorAt('recipients.actors')}
              onChange={(_v, person) => { if (person && !people.some((p) => p.id === person.id)) { setPeople((list) => [...list, person]); setPreview(null); } }}
            />
            {people.length > 0 && (
              <Group gap={6} data-testid="mass-email-picked">
                {people.map((p) => (
                  <Badge key={p.id} variant="outline" style={{ textTransform: 'none' }} rightSection={<CloseButton size="xs" aria-label={t('massEmail.new.remove')} onClick={() => setPeople((list) => list.filter((x) => x.id !== p.id))} />}>
                    {p.firstName} {p.lastName}
                  </Badge>
                ))}
              </Group>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Group>
        <Button variant="light" onClick={() => void run('preview')} loading={busy === 'preview'} data-testid="mass-email-preview">{t('massEmail.new.preview')}</Button>
        <Button onClick={() => void run('send')} loading={busy === 'send'} disabled={!preview || preview.count === 0} data-testid="mass-email-send">
          {preview ? t('massEmail.new.sendTo', { count: preview.count }) : t('massEmail.new.send')}
        </Button>
        {!preview && <Text size="sm" c="dimmed">{t('massEmail.new.previewFirst')}</Text>}
      </Group>
      {preview && (
        <Card withBorder radius="lg" padding="lg" data-testid="mass-email-preview-card">
          <Stack gap="xs">
            <Text fw={600} data-testid="mass-email-count">{t('massEmail.new.count', { count: preview.count })}</Text>
            {preview.sample && (
              <>
                <Text size="sm" c="dimmed">
                  {t('massEmail.new.sampleFor', { name: `${preview.sample.recipient.firstName} ${preview.sample.recipient.lastName}`, email: preview.sample.recipient.email })}
                </Text>
                <Text><b>{t('massEmail.new.subject')} :</b> <span data-testid="mass-email-preview-subject">{preview.sample.subject}</span></Text>
                <iframe title={t('massEmail.new.preview')} sandbox="allow-same-origin" srcDoc={preview.sample.html} style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: 'white' }} data-testid="mass-email-preview-frame" />
              </>
            )}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
