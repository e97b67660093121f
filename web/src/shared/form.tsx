import { useCallback, useRef, useState, type ChangeEvent, type FocusEvent, type ComponentPropsWithoutRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Alert, List, Stack } from '@mantine/core';
import { getIn, useFormik, type FormikHelpers, type FormikProps, type FormikValues } from 'formik';
import { ValidationError as YupValidationError, type AnyObjectSchema } from 'yup';
import { translateMessage } from '@alterna/core/validation';
import { useTranslation } from 'react-i18next';
import i18n from '../i18n';
import { successDialog } from './dialogs';
import {
  apiFetch,
  bodyViolations,
  checkLoginAndReload,
  errorMessage,
  readJson,
  ViolationError,
  type HttpMethod,
  type Violation,
} from './http';

export type SubmitOutcome<R> =
  | { ok: true; status: number; data: R }
  | { ok: false; status: number; violations: Violation[] };

/**
 * Scripted form POST (SPEC §7/§8): sends JSON; 200 without errors → ok; 200 with errors or 422 →
 * the violations; 500 → the support message; other codes → the server's errors or 'Erreur HTTP {status}'.
 */
export async function submitForm<R = unknown>(
  url: string,
  payload: unknown,
  options: { method?: HttpMethod } = {},
): Promise<SubmitOutcome<R>> {
  let response: Response;
  try {
    response = await apiFetch(url, { method: options.method ?? 'POST', json: payload });
  } catch {
    return { ok: false, status: 0, violations: [{ path: '', message: i18n.t('errors.network') }] };
  }
  const status = response.status;
  if (status >= 500) {
    return { ok: false, status, violations: [{ path: '', message: i18n.t('errors.server500') }] };
  }
  const body = await readJson(response);
  const violations = bodyViolations(body);
  if (response.ok) {
    return violations.length ? { ok: false, status, violations } : { ok: true, status, data: body as R };
  }
  if (status === 401) void checkLoginAndReload();
  return {
    ok: false,
    status,
    violations: violations.length ? violations : [{ path: '', message: i18n.t('errors.http', { status }) }],
  };
}

type Validatable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isValidatable(el: Element): el is Validatable {
  return el instanceof HTMLInputElement || el instanceof HTMLSelectElement || el instanceof HTMLTextAreaElement;
}

function validityMessage(el: Validatable): string {
  const v = el.validity;
  if (v.valueMissing) return i18n.t('validation.required');
  if (v.typeMismatch && el.type === 'email') return i18n.t('validation.email');
  if (v.typeMismatch && el.type === 'url') return i18n.t('validation.url');
  return el.validationMessage || i18n.t('validation.invalid');
}

/** Browser validity check of a form: one violation per invalid field (path = name or id). */
export function browserViolations(form: HTMLFormElement): Violation[] {
  const out: Violation[] = [];
  for (const el of Array.from(form.elements)) {
    if (!isValidatable(el) || !el.willValidate || el.validity.valid) continue;
    out.push({ path: el.name || el.id, message: validityMessage(el) });
  }
  return out;
}

/** The form element whose id or name equals a violation path. */
export function findField(form: HTMLFormElement, path: string): HTMLElement | null {
  if (!path) return null;
  const escaped = CSS.escape(path);
  return form.querySelector<HTMLElement>(`#${escaped}`) ?? form.querySelector<HTMLElement>(`[name="${escaped}"]`);
}

/**
 * Runs a Yup schema (often the very one the server uses) and translates its messages: shared schemas carry
 * i18n keys ({ key, values }), so the same rule speaks the interface language here and the caller's there.
 */
export function yupValidator<V extends FormikValues>(schema: AnyObjectSchema) {
  return async (values: V): Promise<Record<string, string>> => {
    try {
      await schema.validate(values, { abortEarly: false });
      return {};
    } catch (error) {
      if (!(error instanceof YupValidationError)) throw error;
      const errors: Record<string, string> = {};
      for (const inner of error.inner.length ? error.inner : [error]) {
        const path = inner.path ?? '';
        if (path && !(path in errors)) errors[path] = translateMessage(inner.errors[0] ?? inner.message, i18n.t);
      }
      return errors;
    }
  };
}

export interface UseServerFormOptions<V extends FormikValues, R> {
  initialValues: V;
  validationSchema?: AnyObjectSchema;
  /** URL receiving the JSON POST, or a custom submit (e.g. a gql mutation) that throws ViolationError. */
  action: string | ((values: V) => Promise<R>);
  method?: HttpMethod;
  /** Body sent for `values` (default: the values). */
  toPayload?: (values: V) => unknown;
  /** Called on success; without it a success dialog shows the server's message. */
  onSuccess?: (data: R, values: V, helpers: FormikHelpers<V>) => void | Promise<void>;
  enableReinitialize?: boolean;
}

export interface ServerFormApi<V extends FormikValues> {
  formik: FormikProps<V>;
  formRef: RefObject<HTMLFormElement | null>;
  /** Messages of the red block at the top (empty when there is no error). */
  formErrors: string[];
  /** Violations that match no field, shown at the end of the form. */
  trailingErrors: Violation[];
  /** Server / browser error of a field, else its Yup error once touched. */
  fieldError: (name: string) => string | undefined;
  /** value / onChange / onBlur / error / name for a Mantine text-like input. */
  inputProps: (name: string) => {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
    error: string | undefined;
  };
  /** value / onChange / onBlur / error / name for a DecimalInput (a number or null in the values; Yup says what is out of range). */
  decimalProps: (name: string) => {
    name: string;
    value: number | null;
    onChange: (value: number | null) => void;
    onBlur: () => void;
    error: string | undefined;
  };
  /** Shows violations: path "" → red block; matching id/name → next to the field; else end of form. */
  setViolations: (violations: Violation[]) => void;
  clearServerErrors: () => void;
  clearFieldError: (name: string) => void;
  dismissTrailing: (index: number) => void;
  handleSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
}

/**
 * Formik + the server contract of SPEC §5/§7/§8: the browser validity check runs first (invalid
 * fields marked, nothing sent), then Yup, then the POST; server violations are placed by path.
 */
export function useServerForm<V extends FormikValues, R = unknown>(options: UseServerFormOptions<V, R>): ServerFormApi<V> {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement | null>(null);
  const [hasErrors, setHasErrors] = useState(false);
  const [topErrors, setTopErrors] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [trailingErrors, setTrailingErrors] = useState<Violation[]>([]);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  const clearServerErrors = useCallback(() => {
    setHasErrors(false);
    setTopErrors([]);
    setFieldErrors({});
    setTrailingErrors([]);
  }, []);

  const setViolations = useCallback((violations: Violation[]) => {
    const form = formRef.current;
    const top: string[] = [];
    const fields: Record<string, string> = {};
    const rest: Violation[] = [];
    for (const v of violations) {
      const el = form ? findField(form, v.path) : null;
      if (!v.path) top.push(v.message);
      else if (el) {
        const keys = new Set([v.path, el.getAttribute('name') ?? '', el.id].filter(Boolean));
        for (const key of keys) fields[key] = fields[key] ? `${fields[key]} ${v.message}` : v.message;
      } else rest.push(v);
    }
    setHasErrors(violations.length > 0);
    setTopErrors(top);
    setFieldErrors(fields);
    setTrailingErrors(rest);
    const first = violations.map((v) => (form ? findField(form, v.path) : null)).find(Boolean);
    first?.focus?.();
  }, []);

  const formik = useFormik<V>({
    initialValues: options.initialValues,
    validate: options.validationSchema ? yupValidator(options.validationSchema) : undefined,
    enableReinitialize: options.enableReinitialize,
    onSubmit: async (values, helpers) => {
      const { action, method, toPayload, onSuccess } = optionsRef.current;
      clearServerErrors();
      let data: R;
      if (typeof action === 'string') {
        const outcome = await submitForm<R>(action, toPayload ? toPayload(values) : values, { method });
        if (!outcome.ok) {
          setViolations(outcome.violations);
          return;
        }
        data = outcome.data;
      } else {
        try {
          data = await action(values);
        } catch (error) {
          if (error instanceof ViolationError && error.violations.length) setViolations(error.violations);
          else setViolations([{ path: '', message: errorMessage(error) }]);
          return;
        }
      }
      if (onSuccess) await onSuccess(data, values, helpers);
      else void successDialog(successText(data) ?? t('form.saved'));
    },
  });

  const clearFieldError = useCallback((name: string) => {
    setFieldErrors((current) => {
      if (!(name in current)) return current;
      const next = { ...current };
      delete next[name];
      return next;
    });
  }, []);

  const fieldError = (name: string): string | undefined => {
    const server = fieldErrors[name];
    if (server) return server;
    const touched = getIn(formik.touched, name) as unknown;
    // The shared Yup validator keys a nested field's error by its whole path ('marks[0].value'), not nested.
    const error = ((formik.errors as Record<string, unknown>)[name] ?? getIn(formik.errors, name)) as unknown;
    return touched && typeof error === 'string' ? error : undefined;
  };

  const handleSubmit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    const form = formRef.current;
    if (form) {
      const invalid = browserViolations(form);
      if (invalid.length) {
        setViolations(invalid);
        return;
      }
    }
    formik.handleSubmit();
  };

  return {
    formik,
    formRef,
    formErrors: hasErrors ? (topErrors.length ? topErrors : [t('form.invalid')]) : [],
    trailingErrors,
    fieldError,
    inputProps: (name: string) => ({
      name,
      value: (getIn(formik.values, name) as string | undefined) ?? '',
      onChange: (event) => {
        formik.handleChange(event);
        clearFieldError(name);
      },
      onBlur: formik.handleBlur,
      error: fieldError(name),
    }),
    decimalProps: (name: string) => ({
      name,
      value: (getIn(formik.values, name) as number | null | undefined) ?? null,
      onChange: (value: number | null) => {
        void formik.setFieldValue(name, value);
        clearFieldError(name);
      },
      onBlur: () => void formik.setFieldTouched(name, true),
      error: fieldError(name),
    }),
    setViolations,
    clearServerErrors,
    clearFieldError,
    dismissTrailing: (index: number) => setTrailingErrors((list) => list.filter((_, i) => i !== index)),
    handleSubmit,
    submitting: formik.isSubmitting,
  };
}

function successText(data: unknown): string | null {
  if (data && typeof data === 'object') {
    const o = data as Record<string, unknown>;
    for (const key of ['message', 'text']) if (typeof o[key] === 'string' && o[key]) return o[key];
  }
  return null;
}

/** The red block at the top of a form. */
export function FormErrorBlock({ messages }: { messages: string[] }) {
  if (!messages.length) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-errors" radius="md">
      {messages.length === 1 ? (
        messages[0]
      ) : (
        <List size="sm" spacing={2}>
          {messages.map((m, i) => (
            <List.Item key={i}>{m}</List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

type ServerFormProps<V extends FormikValues> = { form: ServerFormApi<V>; children: ReactNode; gap?: string } & Omit<
  ComponentPropsWithoutRef<'form'>,
  'onSubmit' | 'children'
>;

/** <form> wired to useServerForm: red block on top, unmatched violations at the end. */
export function ServerForm<V extends FormikValues>({ form, children, gap = 'md', ...rest }: ServerFormProps<V>) {
  return (
    <form ref={form.formRef} noValidate onSubmit={form.handleSubmit} {...rest}>
      <Stack gap={gap}>
        <FormErrorBlock messages={form.formErrors} />
        {children}
        {form.trailingErrors.map((v, i) => (
          <Alert
            key={`${v.path}-${i}`}
            color="red"
            variant="light"
            withCloseButton
            onClose={() => form.dismissTrailing(i)}
            data-testid="form-trailing-error"
            data-path={v.path}
          >
            {v.message}
          </Alert>
        ))}
      </Stack>
    </form>
  );
}
