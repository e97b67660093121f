import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Group, Loader, Modal, Radio, Select, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { PageTitle } from '../../shared/PageTitle';
import { useTranslation } from 'react-i18next';
import { certifierBaseSchema, newVariantSchema, variantSchema } from '@alterna/trainings/validation';
import { PageLink, useGoTo } from '../../navigation';
import { useMe } from '../../session';
import { confirm, errorDialog } from '../../shared/dialogs';
import { ServerForm, useServerForm } from '../../shared/form';
import { errorMessage, requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { apiPaths, blocksToValues, loadPlan, loadSubjects, type BlockValues, type SchoolSubject, type TrainingPlanView } from './api';
import { BlocksEditor } from './BlocksEditor';
import { can, errorOf, fieldProps } from './fields';
import { usePageParams } from '../../page-params';

/** The session last looked at per training, so that leaving a variant keeps the session shown. */
const sessionMemory = new Map<string, string>();

/**
 * Training plan editor (SPEC §2 /training-center/trainings/{id}/training-plan/{variant}): the certifier
 * base, and the variants unfolded from it or created; once a variant exists the base is refused.
 */
export function TrainingPlanPage() {
  const { t } = useTranslation();
  const me = useMe();
  const goTo = useGoTo();
  const params = usePageParams('trainings.plan', 'trainings.planVariant');
  const trainingId = params.id ?? '';
  const variantId = params.variant ?? null;
  const canChange = can(me?.permissions, 'trainings.training.update');
  const [sessionId, setSessionId] = useState<string | null>(() => (variantId ? null : (sessionMemory.get(trainingId) ?? null)));
  const [creating, setCreating] = useState(false);
  const planKey = { variantId: sessionId ? null : variantId, trainingSessionId: sessionId };
  const planPage = usePageData(['trainings.plan', trainingId, planKey], async () => {
    const next = await loadPlan(trainingId, planKey);
    if (next.trainingSession) sessionMemory.set(trainingId, next.trainingSession.id);
    return next;
  });
  const subjectList = usePageData(['trainings.subjects'], () => loadSubjects());
  // Never another training's plan while this one loads.
  const view: TrainingPlanView | null = planPage.data?.training.id === trainingId ? planPage.data : null;
  const subjects: SchoolSubject[] = subjectList.data ?? [];
  const error = planPage.error ?? subjectList.error;
  const load = () => Promise.all([planPage.reload(), subjectList.reload()]).then(() => undefined);

  if (error && !view) return <Alert color="red" variant="light" data-testid="plan-error">{error}</Alert>;
  if (!view) return <Center p="xl"><Loader size="sm" /></Center>;

  const session = view.trainingSession;
  const plan = view.plan;
  const variants = plan?.variants ?? [];
  const variant = variants.find((v) => v.id === variantId) ?? null;

  return (
    <Stack gap="lg" data-testid="plan-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('trainings.plan.title', { name: view.training.shortName })} intro={view.training.name} back={<PageLink page="trainings.list"><Text size="sm">← {t('trainings.list.title')}</Text></PageLink>} />
        <Group align="flex-end" gap="sm">
          {can(me?.permissions, 'booklets.item.read') && (
            <PageLink page="booklets.items" params={{ id: trainingId }} data-testid="training-booklet-items">
              <Button component="span" variant="light">{t('booklets.links.items')}</Button>
            </PageLink>
          )}
          <Select
            label={t('trainings.common.session')}
            data={view.sessions.map((s) => ({ value: s.id, label: s.isCurrent ? `${s.name} (${t('trainings.common.current')})` : s.name }))}
            value={session?.id ?? null}
            allowDeselect={false}
            onChange={(value) => {
              if (!value) return;
              sessionMemory.set(trainingId, value);
              if (variantId) void goTo('trainings.plan', { id: trainingId });
              else setSessionId(value);
            }}
            data-testid="plan-session"
          />
        </Group>
      </Group>
      {!session ? (
        <Alert color="yellow" variant="light">{t('trainings.plan.noSession')}</Alert>
      ) : (
        <>
          <Card withBorder radius="lg" padding="lg">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz={20}>{t('trainings.plan.base')}</Title>
              {plan?.baseLocked && <Badge color="orange" variant="light" data-testid="base-locked">{t('trainings.plan.baseLockedBadge')}</Badge>}
            </Group>
            {plan?.baseLocked && <Alert color="orange" variant="light" mb="md">{t('trainings.plan.baseLockedHelp')}</Alert>}
            <CertifierBaseForm
              key={`${session.id}-${plan?.id ?? 'none'}-${JSON.stringify(plan?.certifierBase ?? [])}`}
              trainingId={trainingId}
              sessionId={session.id}
              blocks={blocksToValues(plan?.certifierBase ?? [])}
              subjects={subjects}
              readOnly={!canChange}
              onSaved={load}
            />
          </Card>

          <Card withBorder radius="lg" padding="lg" data-testid="variants-card">
            <Group justify="space-between" mb="sm">
              <Title order={2} fz={20}>{t('trainings.plan.variants')}</Title>
              {canChange && <Button onClick={() => setCreating(true)} data-testid="variant-new">{t('trainings.plan.newVariant')}</Button>}
            </Group>
            {variants.length === 0 ? (
              <Text c="dimmed" size="sm">{t('trainings.plan.noVariants')}</Text>
            ) : (
              <Tabs
                value={variant?.id ?? null}
                onChange={(value) => value && void goTo('trainings.planVariant', { id: trainingId, variant: value })}
                keepMounted={false}
              >
                <Tabs.List mb="md">
                  {variants.map((v) => (
                    <Tabs.Tab key={v.id} value={v.id} data-testid="variant-tab" data-variant-name={v.name}>
                      {v.name}
                      {v.groupCount > 0 && <Badge size="xs" ml={6} variant="light">{t('trainings.plan.groupCount', { count: v.groupCount })}</Badge>}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
              </Tabs>
            )}
            {variant ? (
              <VariantForm
                key={`${variant.id}-${JSON.stringify(variant)}`}
                variantId={variant.id}
                name={variant.name}
                blocks={blocksToValues(variant.blocks)}
                subjects={subjects}
                readOnly={!canChange}
                onSaved={load}
                onDeleted={async () => {
                  await goTo('trainings.plan', { id: trainingId });
                }}
              />
            ) : (
              variants.length > 0 && <Text c="dimmed" size="sm">{t('trainings.plan.pickVariant')}</Text>
            )}
          </Card>
          <Modal opened={creating} onClose={() => setCreating(false)} title={t('trainings.plan.newVariant')} size="lg" centered>
            <NewVariantForm
              trainingId={trainingId}
              sessionId={session.id}
              onCreated={async (id) => {
                setCreating(false);
                await goTo('trainings.planVariant', { id: trainingId, variant: id });
                await load();
              }}
            />
          </Modal>
        </>
      )}
    </Stack>
  );
}

interface BaseValues {
  trainingSessionId: string;
  blocks: BlockValues[];
}

function CertifierBaseForm(props: { trainingId: string; sessionId: string; blocks: BlockValues[]; subjects: SchoolSubject[]; readOnly: boolean; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  const form = useServerForm<BaseValues, { message: string }>({
    initialValues: { trainingSessionId: props.sessionId, blocks: props.blocks },
    validationSchema: certifierBaseSchema,
    action: apiPaths.plan(props.trainingId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await props.onSaved();
    },
  });
  return (
    <ServerForm form={form} data-testid="base-form">
      <BlocksEditor form={form} subjects={props.subjects} readOnly={props.readOnly} testId="base-blocks" />
      {!props.readOnly && (
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} data-testid="base-save">{t('trainings.plan.saveBase')}</Button>
        </Group>
      )}
    </ServerForm>
  );
}

interface VariantValues {
  name: string;
  blocks: BlockValues[];
}

function VariantForm(props: {
  variantId: string;
  name: string;
  blocks: BlockValues[];
  subjects: SchoolSubject[];
  readOnly: boolean;
  onSaved: () => Promise<void>;
  onDeleted: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const form = useServerForm<VariantValues, { message: string }>({
    initialValues: { name: props.name, blocks: props.blocks },
    validationSchema: variantSchema,
    action: apiPaths.variant(props.variantId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await props.onSaved();
    },
  });
  const remove = async () => {
    const ok = await confirm({ message: t('trainings.plan.deleteConfirm', { name: props.name }), confirmLabel: t('trainings.plan.deleteVariant'), color: 'red' });
    if (!ok) return;
    try {
      const result = await requestJson<{ message: string }>('DELETE', apiPaths.variant(props.variantId));
      toast.success(result.message);
      await props.onDeleted();
    } catch (e) {
      await errorDialog(errorMessage(e));
    }
  };
  return (
    <ServerForm form={form} data-testid="variant-form">
      <TextInput id="variant-name" label={t('trainings.plan.variantName')} required readOnly={props.readOnly} {...form.inputProps('name')} error={errorOf(form, 'name')} />
      <BlocksEditor form={form} subjects={props.subjects} readOnly={props.readOnly} testId="variant-blocks" />
      {!props.readOnly && (
        <Group justify="space-between">
          <Button variant="light" color="red" onClick={() => void remove()} data-testid="variant-delete">{t('trainings.plan.deleteVariant')}</Button>
          <Button type="submit" loading={form.submitting} data-testid="variant-save">{t('trainings.plan.saveVariant')}</Button>
        </Group>
      )}
    </ServerForm>
  );
}

interface NewVariantValues {
  trainingSessionId: string;
  name: string;
  mode: string | null;
}

function NewVariantForm(props: { trainingId: string; sessionId: string; onCreated: (variantId: string) => Promise<void> }) {
  const { t } = useTranslation();
  const form = useServerForm<NewVariantValues, { message: string; variantId: string }>({
    initialValues: { trainingSessionId: props.sessionId, name: '', mode: null },
    validationSchema: newVariantSchema,
    action: apiPaths.newVariant(props.trainingId),
    onSuccess: async (result) => {
      toast.success(result.message);
      await props.onCreated(result.variantId);
    },
  });
  const mode = fieldProps<NewVariantValues, string | null>(form, 'mode');
  return (
    <ServerForm form={form} data-testid="new-variant-form">
      <TextInput id="name" label={t('trainings.plan.variantName')} required {...form.inputProps('name')} />
      <Radio.Group id="mode" name="mode" label={t('trainings.plan.mode')} withAsterisk value={mode.value ?? ''} onChange={mode.onChange} error={errorOf(form, 'mode')}>
        <Stack gap="xs" mt="xs">
          <Radio value="unfold" label={t('trainings.plan.modeUnfold')} description={t('trainings.plan.modeUnfoldHelp')} data-testid="mode-unfold" />
          <Radio value="create" label={t('trainings.plan.modeCreate')} description={t('trainings.plan.modeCreateHelp')} data-testid="mode-create" />
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button type="submit" loading={form.submitting} data-testid="variant-create">{t('trainings.plan.create')}</Button>
      </Group>
    </ServerForm>
  );
}
