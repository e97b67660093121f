import { useRef, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { lockPollMs } from '@alterna/booklets/validation';
import { alertDialog, confirm, errorDialog, successDialog } from '../../shared/dialogs';
import { errorMessage } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { cancelValidation, loadValidation, signForm, signedPdfUrl, startValidation, type FormValidationState } from './api';

/**
 * The form's validation block (SPEC §4, §8): the validation checkbox and its confirmation for the holders, the
 * signatures (who signed, who is awaited) with the "sign" action for the awaited person, the signed PDF, and the
 * cancel dialog. Polled while signatures are collected, so each signatory sees the others' progress.
 */
export function ValidationPanel({ formId, staff, editing }: { formId: string; staff: boolean; editing: boolean }) {
  const page = usePageData(['booklets.validation', formId], () => loadValidation(formId).then((r) => r.validation), {
    keepPrevious: false, pollMs: (data) => (data?.current?.status === 'pending' ? lockPollMs : false),
  });
  if (!page.data) return null;
  return <Panel state={page.data} formId={formId} staff={staff} editing={editing} />;
}

const reload = () => window.location.reload();

function Panel({ state, formId, staff, editing }: { state: FormValidationState; formId: string; staff: boolean; editing: boolean }) {
  const { t, i18n } = useTranslation();
  const [ticked, setTicked] = useState(false);
  const [busy, setBusy] = useState(false);
  const reason = useRef('');
  const at = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });
  const role = (r: string) => t(`booklets.signatures.roles.${r}`);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      await errorDialog(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const validate = () => run(async () => {
    // SPEC §5: the checkbox first, then the SPEC §8 confirmation warning that the form will be locked.
    if (!ticked) return errorDialog(t('booklets.signatures.checkboxRequired'));
    const ok = await confirm({ title: t('booklets.sign.sure'), message: t('booklets.sign.validateConfirm'), confirmLabel: t('booklets.sign.validate') });
    if (!ok) return;
    await startValidation(formId, ticked);
    reload();
  });
  const sign = () => run(async () => {
    const ok = await confirm({ title: t('booklets.sign.sure'), message: t('booklets.sign.signConfirm', { role: role(state.current!.awaiting!) }), confirmLabel: t('booklets.sign.sign') });
    if (!ok) return;
    await signForm(formId);
    reload();
  });
  const cancel = () => run(async () => {
    reason.current = '';
    // Undoing what everyone signed needs a reason, sent to each signatory; withdrawing a pending one does not.
    const signed = state.current?.status === 'validated';
    const message = (
      <Stack gap="sm">
        <Text>{t(signed ? 'booklets.sign.cancelSignedConfirm' : 'booklets.sign.cancelConfirm')}</Text>
        <Textarea label={t(signed ? 'booklets.sign.reasonRequired' : 'booklets.sign.reason')} required={signed} maxLength={2000} autosize minRows={2} data-testid="cancel-reason"
          onChange={(e) => { reason.current = e.currentTarget.value; }} />
      </Stack>
    );
    const ok = await confirm({ title: t('booklets.sign.sure'), message, confirmLabel: t('booklets.sign.invalidate'), cancelLabel: t('booklets.sign.dismiss'), color: 'red' });
    if (!ok) {
      await alertDialog({ type: 'info', title: t('booklets.sign.stoppedTitle'), message: t('booklets.sign.stopped') });
      return;
    }
    await cancelValidation(formId, state.cancelKind!, staff, reason.current);
    await successDialog(t('booklets.sign.cancelled'), t('booklets.sign.cancelledTitle'));
    reload();
  });

  const current = state.current;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="validation-panel">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">{t('booklets.sign.title')}</Title>
          {current && (
            <Badge color={current.status === 'validated' ? 'teal' : 'orange'} variant="light" size="lg" data-testid="validation-status">
              {t(`booklets.sign.status.${current.status}`)}
            </Badge>
          )}
        </Group>
        <Table data-testid="signatures">
          <Table.Thead>
            <Table.Tr><Table.Th>{t('booklets.sign.role')}</Table.Th><Table.Th>{t('booklets.sign.state')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.signatories.map((r) => {
              const signature = current?.signatures.find((s) => s.role === r);
              const awaited = current?.awaiting === r;
              return (
                <Table.Tr key={r} data-testid={`signature-${r}`}>
                  <Table.Td tt="capitalize">{role(r)}</Table.Td>
                  <Table.Td>
                    {signature?.signedAt ? (
                      <Text size="sm" c="teal">{t('booklets.sign.signedBy', { name: signature.signer, at: at(signature.signedAt) })}</Text>
                    ) : awaited ? (
                      <Text size="sm" c="orange">{t('booklets.sign.awaited', { names: current!.awaitingPeople.join(', ') || '-' })}</Text>
                    ) : (
                      <Text size="sm" c="dimmed">{current ? t('booklets.sign.later') : t('booklets.sign.notStarted')}</Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {current && <Text size="xs" c="dimmed">{t('booklets.sign.requested', { name: current.requestedBy ?? '-', at: at(current.requestedAt) })}</Text>}
        {current?.status === 'validated' && current.hasPdf && (
          <Anchor href={signedPdfUrl(formId)} size="sm" data-testid="signed-pdf">{t('booklets.sign.pdf')}</Anchor>
        )}
        <Group justify="flex-end">
          {state.canSign && <Button onClick={sign} loading={busy} data-testid="sign">{t('booklets.sign.sign')}</Button>}
          {state.cancelKind && <Button color="red" variant="light" onClick={cancel} loading={busy} data-testid="cancel-validation">{t('booklets.sign.cancel')}</Button>}
        </Group>
        {state.canValidate && (
          editing ? (
            <Alert color="blue" variant="light">{t('booklets.sign.saveFirst')}</Alert>
          ) : (
            <Group justify="space-between">
              <Checkbox label={t('booklets.sign.checkbox')} checked={ticked} onChange={(e) => setTicked(e.currentTarget.checked)} data-testid="validate-checkbox" />
              <Button onClick={validate} loading={busy} data-testid="validate">{t('booklets.sign.validate')}</Button>
            </Group>
          )
        )}
        {state.history.length > 0 && (
          <Stack gap={2}>
            {state.history.map((v) => (
              <Text key={v.id} size="xs" c="dimmed" data-testid="validation-history">
                {t('booklets.sign.cancelledLine', { run: v.run, name: v.cancelledBy ?? '-', at: v.cancelledAt ? at(v.cancelledAt) : '-', reason: v.cancelReason ?? '-' })}
              </Text>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
