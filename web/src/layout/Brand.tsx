import { Group, Text, type MantineBreakpoint } from '@mantine/core';

/** Product mark + name; the name only from `nameFrom` up, where a phone's header needs its room for the log-out button. */
export function Brand({ size = 'lg', nameFrom }: { size?: 'md' | 'lg' | 'xl'; nameFrom?: MantineBreakpoint }) {
  const box = size === 'xl' ? 40 : size === 'lg' ? 32 : 28;
  return (
    <Group gap={10} wrap="nowrap" data-testid="brand">
      <svg width={box} height={box} viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
        <path d="M9 24 16 8l7 16h-3.6l-1.5-3.6h-3.8L12.6 24zm5.2-6.6h3.6L16 13z" fill="#fff" />
      </svg>
      <Text component="span" visibleFrom={nameFrom} fw={700} fz={size === 'xl' ? 28 : size === 'lg' ? 22 : 18} lts={-0.3}>
        Alterna
      </Text>
    </Group>
  );
}
