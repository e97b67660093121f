import { Chip, Group, Input, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { buildingSchema, campusSchema, siteSchema } from '@alterna/training-centre/validation';
import { useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { placeRoutes, refreshMe, type Building, type CampusInfo, type Site } from './api';
import { FormModal } from './FormModal';

interface DialogProps {
  onClose: () => void;
  onSaved: () => void;
}

const weekdays = [1, 2, 3, 4, 5, 6, 7];

/** New campus, or a campus's name and open days. */
export function CampusDialog({ campus, onClose, onSaved }: DialogProps & { campus: CampusInfo | null }) {
  const { t } = useTranslation();
  const form = useServerForm<{ name: string; openDays: string[] }>({
    initialValues: { name: campus?.name ?? '', openDays: (campus?.openDays ?? [1, 2, 3, 4, 5]).map(String) },
    validationSchema: campusSchema,
    action: campus ? placeRoutes.campus(campus.uuid) : placeRoutes.campusNew(),
    toPayload: (values) => ({ name: values.name, openDays: values.openDays.map(Number).sort() }),
    onSuccess: async () => {
      if (!campus) await refreshMe();
      toast.success(t(campus ? 'trainingCentre.campus.saved' : 'trainingCentre.campus.created'));
      onSaved();
    },
  });
  return (
    <FormModal title={t(campus ? 'trainingCentre.campus.edit' : 'trainingCentre.campus.new')} form={form} onClose={onClose} testId="campus-form">
      <TextInput id="name" label={t('trainingCentre.campus.name')} required data-autofocus {...form.inputProps('name')} />
      <Input.Wrapper id="openDays" label={t('trainingCentre.campus.openDays')} error={form.fieldError('openDays')} tabIndex={-1}>
        <Chip.Group multiple value={form.formik.values.openDays} onChange={(value) => void form.formik.setFieldValue('openDays', value)}>
          <Group gap={6} mt={6}>
            {weekdays.map((day) => (
              <Chip key={day} value={String(day)} size="sm" data-testid={`open-day-${day}`}>
                {t(`trainingCentre.weekdays.${day}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </Input.Wrapper>
    </FormModal>
  );
}

/** New site of a campus, or a site's name and address. */
export function SiteDialog({ campusId, site, onClose, onSaved }: DialogProps & { campusId: string; site: Site | null }) {
  const { t } = useTranslation();
  const form = useServerForm<{ name: string; address: string }>({
    initialValues: { name: site?.name ?? '', address: site?.address ?? '' },
    validationSchema: siteSchema,
    action: site ? placeRoutes.site(site.uuid) : placeRoutes.siteNew(campusId),
    toPayload: (values) => ({ name: values.name, address: values.address.trim() || null }),
    onSuccess: () => {
      toast.success(t('trainingCentre.site.saved'));
      onSaved();
    },
  });
  return (
    <FormModal title={t(site ? 'trainingCentre.site.edit' : 'trainingCentre.site.new')} form={form} onClose={onClose} testId="site-form">
      <Stack gap="sm">
        <TextInput id="name" label={t('trainingCentre.site.name')} required data-autofocus {...form.inputProps('name')} />
        <TextInput id="address" label={t('trainingCentre.site.address')} {...form.inputProps('address')} />
      </Stack>
    </FormModal>
  );
}

/** New building of a site (/training-center/{site}/new), or its name (/training-center/{id}/edit). */
export function BuildingDialog({ siteId, building, onClose, onSaved }: DialogProps & { siteId: string; building: Building | null }) {
  const { t } = useTranslation();
  const form = useServerForm<{ name: string }>({
    initialValues: { name: building?.name ?? '' },
    validationSchema: buildingSchema,
    action: building ? placeRoutes.buildingEdit(building.uuid) : placeRoutes.buildingNew(siteId),
    onSuccess: () => {
      toast.success(t('trainingCentre.building.saved'));
      onSaved();
    },
  });
  return (
    <FormModal title={t(building ? 'trainingCentre.building.edit' : 'trainingCentre.building.new')} form={form} onClose={onClose} testId="building-form">
      <TextInput id="name" label={t('trainingCentre.building.name')} required data-autofocus {...form.inputProps('name')} />
    </FormModal>
  );
}
