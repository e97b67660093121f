import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import type { PageId } from '../../pages';
import { confirm } from '../../shared/dialogs';
import { errorMessage } from '../../shared/http';
import { toast } from '../../shared/toast';

/** Publish/unpublish, edit (the teacher's own pages) and delete (after a confirmation) of an exercise or exam. */
export function ItemActions(props: {
  published: boolean;
  /** The edit page and its params (the teacher's own page, or the staff's under the teacher's course). */
  edit: { page: PageId; params: Record<string, string> } | null;
  id: string;
  confirmText: string;
  deletedText: string;
  toggle: () => Promise<unknown>;
  remove: () => Promise<unknown>;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
      await props.reload();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const onDelete = async () => {
    if (await confirm({ message: props.confirmText, color: 'red', confirmLabel: t('courses.exercises.delete') })) await run(props.remove, props.deletedText);
  };
  return (
    <Group gap="xs">
      <Button size="compact-sm" variant={props.published ? 'default' : 'filled'} color={props.published ? 'gray' : 'teal'} data-testid="toggle-published"
        onClick={() => void run(props.toggle, props.published ? t('courses.publish.undone') : t('courses.publish.done'))}>
        {props.published ? t('courses.publish.unpublish') : t('courses.publish.publish')}
      </Button>
      {props.edit && (
        <Button component={PageLink} page={props.edit.page} params={props.edit.params} size="compact-sm" variant="light" data-testid="edit-item">{t('courses.exercises.edit')}</Button>
      )}
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => void onDelete()} data-testid="delete-item">{t('courses.exercises.delete')}</Button>
    </Group>
  );
}
