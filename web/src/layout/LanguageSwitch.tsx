import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../language';
import { useSwitchLanguage } from '../navigation';
import { isLanguage } from '../i18n';

/** FR / EN switch: stores the choice and moves to the same page in the other language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const switchLanguage = useSwitchLanguage();
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      value={lang}
      aria-label={t('layout.language')}
      data-testid="language-switch"
      onChange={(value) => {
        if (isLanguage(value)) void switchLanguage(value);
      }}
      data={[
        { value: 'fr', label: 'FR' },
        { value: 'en', label: 'EN' },
      ]}
    />
  );
}
