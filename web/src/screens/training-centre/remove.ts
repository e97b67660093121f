import i18n from '../../i18n';
import { confirm, errorDialog } from '../../shared/dialogs';
import { errorMessage, requestJson } from '../../shared/http';
import { toast } from '../../shared/toast';

/**
 * Confirm, then DELETE: the server's message shows as a toast when it went through, in an error
 * dialog when it did not (e.g. "campus cannot be removed while used").
 */
export async function confirmAndRemove(options: { title: string; message: string; url: string }): Promise<boolean> {
  const ok = await confirm({ title: options.title, message: options.message, confirmLabel: i18n.t('trainingCentre.delete'), color: 'red' });
  if (!ok) return false;
  try {
    const body = await requestJson<{ message?: string }>('DELETE', options.url);
    toast.success(body?.message ?? i18n.t('trainingCentre.deleted'));
    return true;
  } catch (error) {
    await errorDialog(errorMessage(error));
    return false;
  }
}

/** Same for a GraphQL delete: errors already open their popup (gql). */
export async function confirmAndRun(options: { title: string; message: string; run: () => Promise<unknown>; done: string }): Promise<boolean> {
  const ok = await confirm({ title: options.title, message: options.message, confirmLabel: i18n.t('trainingCentre.delete'), color: 'red' });
  if (!ok) return false;
  try {
    await options.run();
    toast.success(options.done);
    return true;
  } catch {
    return false;
  }
}
