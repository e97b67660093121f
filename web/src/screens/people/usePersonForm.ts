import { useEffect, useRef, useState } from 'react';
import type { FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { useServerForm } from '../../shared/form';
import { requestJson } from '../../shared/http';
import type { ActorView, DuplicateActor, SaveOutcome } from './api';

interface PersonFormOptions<V extends FormikValues> {
  initialValues: V;
  validationSchema: AnyObjectSchema;
  /** Where the form posts (the server answers duplicates or the saved person). */
  url: () => string;
  toPayload?: (values: V) => Record<string, unknown>;
  onSaved: (actor: ActorView, message: string) => void | Promise<void>;
}

/**
 * A person form with SPEC §5's duplicate warning: the first submit may answer possible duplicates, which
 * the screen lists; "ignore" submits again with ignoreDuplicates. Changing a field drops a stale warning.
 */
export function usePersonForm<V extends FormikValues>(options: PersonFormOptions<V>) {
  const ignoring = useRef(false);
  const [duplicates, setDuplicates] = useState<DuplicateActor[] | null>(null);
  const form = useServerForm<V, SaveOutcome>({
    initialValues: options.initialValues,
    validationSchema: options.validationSchema,
    action: (values) => {
      const payload = { ...(options.toPayload ? options.toPayload(values) : values), ignoreDuplicates: ignoring.current };
      ignoring.current = false;
      return requestJson<SaveOutcome>('POST', options.url(), payload);
    },
    onSuccess: async (result) => {
      if (result.duplicates) {
        setDuplicates(result.duplicates);
        return;
      }
      setDuplicates(null);
      await options.onSaved(result.actor, result.message);
    },
  });
  const values = form.formik.values;
  useEffect(() => setDuplicates(null), [values]);
  return {
    form,
    duplicates,
    dismissDuplicates: () => setDuplicates(null),
    ignoreDuplicates: () => {
      ignoring.current = true;
      form.handleSubmit();
    },
  };
}
