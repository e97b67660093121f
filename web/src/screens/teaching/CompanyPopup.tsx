import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import { browserViolations } from '../../shared/form';
import { errorDialog, successDialog } from '../../shared/dialogs';
import { apiFetch, checkLoginAndReload, readJson } from '../../shared/http';
import { apiPaths, findCompanies, type FoundCompany } from './api';
import { fieldErrors, type CompanySaved } from './companies';
import { DuplicateCompanyDialog } from './DuplicateCompanyDialog';
import './company-form.css';

interface CompanyPopupProps {
  opened: boolean;
  /** The contract's teacher: a new company is associated with it. */
  teacherId: string;
  /** The company edited, or null to create one. */
  companyId: string | null;
  onClose: () => void;
  /** Step 2 succeeded: the company to add to the contract form and select. */
  onSaved: (saved: CompanySaved) => void | Promise<void>;
  /** An existing company was reused from the duplicate dialog (step 5). */
  onReuse: (saved: CompanySaved) => void | Promise<void>;
}

/** The popup's answer when the server did not answer the JSON it should (SPEC §7: redirects are failures). */
function failure(status: number): string {
  return status >= 500 ? i18n.t('errors.server500') : i18n.t('errors.http', { status });
}

/**
 * The teacher company popup (SPEC §7 steps 1 to 5): the server's form as HTML, posted as form data with
 * the scripted-POST header; field errors by the field, others as danger alerts at the end; a change of
 * the declaration type re-renders the form; the SIRET and the name are searched among existing companies,
 * which the duplicate dialog offers to reuse.
 */
export function CompanyPopup({ opened, teacherId, companyId, onClose, onSaved, onReuse }: CompanyPopupProps) {
  const { t } = useTranslation();
  const [html, setHtml] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [duplicates, setDuplicates] = useState<FoundCompany[]>([]);
  const dismissed = useRef<string>('');
  const container = useRef<HTMLDivElement | null>(null);

  const form = () => container.current?.querySelector<HTMLFormElement>('form.teacher-company-form') ?? null;

  // Step 1: the form, in the interface language.
  useEffect(() => {
    if (!opened) return;
    setHtml(null);
    setLoadError(null);
    setDuplicates([]);
    dismissed.current = '';
    let live = true;
    (async () => {
      const response = await apiFetch(apiPaths.companyForm(teacherId, companyId), { headers: { Accept: 'text/html' } });
      const text = await response.text();
      if (!live) return;
      if (response.ok && !response.redirected) setHtml(text);
      else {
        if (response.status === 401) void checkLoginAndReload();
        let message = failure(response.status);
        try {
          message = fieldErrors((JSON.parse(text) as { errors?: unknown }).errors)['']?.[0] ?? message;
        } catch {
          // Not JSON: the generic message stays.
        }
        setLoadError(message);
      }
    })().catch(() => live && setLoadError(t('errors.network')));
    return () => {
      live = false;
    };
  }, [opened, teacherId, companyId, t]);

  /** Marks the fields named by the errors, the rest as danger alerts under the form. */
  const showErrors = useCallback((errors: Record<string, string[]>) => {
    const element = form();
    if (!element) return;
    element.querySelectorAll('[aria-invalid]').forEach((field) => field.removeAttribute('aria-invalid'));
    element.querySelectorAll<HTMLElement>('.tc-error').forEach((slot) => {
      slot.textContent = '';
      slot.hidden = true;
    });
    const alerts = element.querySelector<HTMLElement>('[data-unmatched-errors]');
    if (alerts) alerts.replaceChildren();
    let first: HTMLElement | null = null;
    for (const [field, messages] of Object.entries(errors)) {
      const input = field ? element.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]`) : null;
      const slot = field ? element.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(field)}"]`) : null;
      if (input && slot) {
        input.setAttribute('aria-invalid', 'true');
        slot.textContent = messages.join(' ');
        slot.hidden = false;
        first ??= input;
      } else if (alerts) {
        for (const message of messages) {
          const alert = document.createElement('div');
          alert.className = 'tc-alert';
          alert.setAttribute('role', 'alert');
          alert.dataset.testid = 'company-form-alert';
          alert.textContent = message;
          alerts.append(alert);
        }
      }
    }
    first?.focus();
  }, []);

  // Step 4: the SIRET and the name are looked up as soon as one of them is changed.
  const checkDuplicates = useCallback(async () => {
    const element = form();
    if (!element) return;
    const data = new FormData(element);
    const siret = String(data.get('siret') ?? '').trim();
    const name = String(data.get('name') ?? '').trim();
    if (!siret && !name) return;
    try {
      const found = await findCompanies(siret, name, companyId);
      const key = found.map((c) => c.uuid).sort().join(',');
      if (found.length && key !== dismissed.current) setDuplicates(found);
    } catch {
      // The server still rejects a duplicate on save.
    }
  }, [companyId]);

  // Steps 2 and 3.
  const post = useCallback(async (url: string, element: HTMLFormElement) => {
    const body = new URLSearchParams();
    for (const [key, value] of new FormData(element)) body.append(key, String(value));
    return apiFetch(url, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
  }, []);

  const submit = useCallback(async () => {
    const element = form();
    if (!element) {
      void errorDialog(t('teaching.company.formMissing'));
      return;
    }
    // SPEC §5: the browser validity check first; nothing is sent while it fails.
    const invalid = browserViolations(element);
    if (invalid.length) {
      const errors: Record<string, string[]> = {};
      for (const v of invalid) (errors[v.path] ??= []).push(v.message);
      showErrors(errors);
      return;
    }
    setSaving(true);
    try {
      const response = await post(element.getAttribute('action') ?? '', element);
      const json = (await readJson(response)) as (CompanySaved & { errors?: unknown }) | null;
      if (response.redirected || response.status >= 500 || !json) {
        void errorDialog(failure(response.status));
        return;
      }
      if (response.status === 401) void checkLoginAndReload();
      if (json.errors || !response.ok) {
        const errors = fieldErrors(json.errors);
        showErrors(Object.keys(errors).length ? errors : { '': [failure(response.status)] });
        // A duplicate refused by the server opens the dialog to reuse the existing company.
        if (errors.siret || errors.name) void checkDuplicates();
        return;
      }
      await successDialog(json.message);
      await onSaved(json);
    } catch {
      void errorDialog(t('errors.network'));
    } finally {
      setSaving(false);
    }
  }, [checkDuplicates, onSaved, post, showErrors, t]);

  // Native listeners: the form is the server's HTML, outside React's event system.
  useEffect(() => {
    const root = container.current;
    if (!root || !html) return;
    const onSubmit = (event: Event) => {
      event.preventDefault();
      void submit();
    };
    const onChange = (event: Event) => {
      const target = event.target as HTMLElement;
      if (target.hasAttribute('data-rerender-on-change')) {
        const element = form();
        if (!element) return;
        // Step 3: the same form posted with no_validation=1 comes back re-rendered for the new type.
        void post(element.dataset.rerender ?? '', element)
          .then(async (response) => (response.ok && !response.redirected ? setHtml(await response.text()) : errorDialog(failure(response.status))))
          .catch(() => errorDialog(t('errors.network')));
      } else if (target.hasAttribute('data-duplicate-check')) {
        void checkDuplicates();
      }
      if (target.getAttribute('aria-invalid') === 'true') {
        target.removeAttribute('aria-invalid');
        const slot = root.querySelector<HTMLElement>(`[data-error-for="${CSS.escape(target.getAttribute('name') ?? '')}"]`);
        if (slot) slot.hidden = true;
      }
    };
    root.addEventListener('submit', onSubmit);
    root.addEventListener('change', onChange);
    return () => {
      root.removeEventListener('submit', onSubmit);
      root.removeEventListener('change', onChange);
    };
  }, [html, submit, post, checkDuplicates, t]);

  return (
    <Modal opened={opened} onClose={onClose} title={t(companyId ? 'teaching.company.editTitle' : 'teaching.company.newTitle')} size="xl" centered data-testid="company-popup">
      <Stack>
        {loadError && <Alert color="red" variant="light">{loadError}</Alert>}
        {!html && !loadError && <Center p="xl"><Loader size="sm" /></Center>}
        {html && <div ref={container} dangerouslySetInnerHTML={{ __html: html }} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('teaching.common.cancel')}</Button>
          <Button onClick={() => form()?.requestSubmit()} loading={saving} disabled={!html} data-testid="company-save">{t('teaching.common.save')}</Button>
        </Group>
      </Stack>
      <DuplicateCompanyDialog
        companies={duplicates}
        teacherId={teacherId}
        onClose={() => {
          dismissed.current = duplicates.map((c) => c.uuid).sort().join(',');
          setDuplicates([]);
        }}
        onAssociated={async (saved) => {
          setDuplicates([]);
          await onReuse(saved);
        }}
      />
    </Modal>
  );
}
