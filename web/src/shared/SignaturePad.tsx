import { useEffect, useRef, useState } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import SignaturePadLib from 'signature_pad';
import { useTranslation } from 'react-i18next';

/** The box the server draws signatures in (modules/attendance rules/signature-svg.ts). */
const BOX = { width: 1000, height: 400 };

export type Strokes = number[][][];

/**
 * A signature drawn with a finger, a pen or a mouse. The canvas is sized to its width times devicePixelRatio
 * and resized only when the width really changes: signature_pad clears on resize, and phones fire resize
 * events while scrolling (the address bar). `onChange` receives the strokes scaled to the server's box
 * (null when empty); the server draws the SVG from them.
 */
export function SignaturePad({ onChange, testId = 'signature-pad' }: { onChange: (strokes: Strokes | null) => void; testId?: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const width = useRef(0);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const element = canvas.current!;
    const instance = new SignaturePadLib(element, { penColor: '#111', minWidth: 1, maxWidth: 2.5 });
    pad.current = instance;
    const emit = () => {
      const groups = instance.toData();
      const cssWidth = element.offsetWidth || 1;
      const cssHeight = element.offsetHeight || 1;
      const strokes = groups.map((group) => group.points.map((p) => [
        Math.round((p.x / cssWidth) * BOX.width * 10) / 10, Math.round((p.y / cssHeight) * BOX.height * 10) / 10,
      ]));
      setEmpty(!strokes.length);
      onChange(strokes.length ? strokes : null);
    };
    const resize = () => {
      if (element.offsetWidth === width.current) return;
      width.current = element.offsetWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')!.scale(ratio, ratio);
      instance.clear();
      emit();
    };
    instance.addEventListener('endStroke', emit);
    resize();
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      instance.removeEventListener('endStroke', emit);
      instance.off();
      pad.current = null;
    };
    // onChange is read when a stroke ends; a new function each render must not rebuild the pad.
  }, []);

  return (
    <Box>
      <Box style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8, background: 'white', touchAction: 'none' }}>
        <canvas ref={canvas} data-testid={testId} aria-label={t('signature.label')} style={{ width: '100%', height: 200, display: 'block' }} />
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          {empty ? t('signature.hint') : t('signature.drawn')}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            pad.current?.clear();
            setEmpty(true);
            onChange(null);
          }}
        >
          {t('signature.clear')}
        </Button>
      </Group>
    </Box>
  );
}
