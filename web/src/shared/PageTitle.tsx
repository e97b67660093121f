import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';

interface PageTitleProps {
  title: ReactNode;
  intro?: ReactNode;
  /** A link back to the parent page, shown above the title. */
  back?: ReactNode;
  titleTestId?: string;
}

/** The heading block every screen opens with: optional back link, title, dimmed introduction. */
export function PageTitle({ title, intro, back, titleTestId }: PageTitleProps) {
  return (
    <div>
      {back}
      <Title order={1} fz={28} data-testid={titleTestId}>
        {title}
      </Title>
      {intro !== undefined && <Text c="dimmed">{intro}</Text>}
    </div>
  );
}
