import { Table, VisuallyHidden, type TableThProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A column header that shows no text (buttons, an icon, a colour, a toggle): screen readers still hear what the
 * column holds, "Actions" unless told otherwise.
 */
export function HiddenHeader({ label, ...props }: { label?: string } & TableThProps) {
  const { t } = useTranslation();
  return (
    <Table.Th {...props}>
      <VisuallyHidden>{label ?? t('table.actions')}</VisuallyHidden>
    </Table.Th>
  );
}
