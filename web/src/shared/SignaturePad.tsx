import { useEffect, useEffectEvent, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import SignaturePadLib from 'signature_pad';
import { useTranslation } from 'react-i18next';

/** The box the server draws signatures in (modules/attendance rules/signature-svg.ts). */
const BOX = { width: 1000, height: 400 };

export type Strokes = number[][][];

/** How far (CSS pixels) one arrow key moves the keyboard's pen; three times that with Shift. */
const KEY_STEP = 12;
const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const clamp = (value: number, max: number) => Math.min(Math.max(value, 2), max - 2);

/**
 * A signature drawn with a finger, a pen or a mouse. The canvas is sized to its width times devicePixelRatio
 * and resized only when the width really changes: signature_pad clears on resize, and phones fire resize
 * events while scrolling (the address bar). `onChange` receives the strokes scaled to the server's box
 * (null when empty); the server draws the SVG from them. Without a pointer, the pad takes the focus and the arrow
 * keys draw (Enter or Space lifts the pen): the same strokes, so a keyboard user signs too.
 */
export function SignaturePad({ onChange, testId = 'signature-pad' }: { onChange: (strokes: Strokes | null) => void; testId?: string }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const width = useRef(0);
  const [empty, setEmpty] = useState(true);
  const emitRef = useRef<() => void>(() => {});
  // The keyboard's pen: where it is, and whether the next arrow goes on with its stroke.
  const pen = useRef<{ x: number; y: number; down: boolean } | null>(null);
  const hintId = useId();
  // The latest onChange, read when a stroke ends: a new function each render must not rebuild the pad.
  const report = useEffectEvent((strokes: Strokes | null) => onChange(strokes));

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
      report(strokes.length ? strokes : null);
    };
    emitRef.current = emit;
    const resize = () => {
      const previous = width.current;
      if (element.offsetWidth === previous) return;
      // Resizing the canvas wipes it: what was drawn is drawn again, stretched to the new width (a tablet turned,
      // a dialog settling), instead of the signer finding an empty pad and a disabled button.
      const drawn = instance.toData();
      width.current = element.offsetWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      element.width = element.offsetWidth * ratio;
      element.height = element.offsetHeight * ratio;
      element.getContext('2d')!.scale(ratio, ratio);
      instance.clear();
      const stretch = previous ? element.offsetWidth / previous : 0;
      if (stretch && drawn.length) {
        instance.fromData(drawn.map((group) => ({ ...group, points: group.points.map((p) => ({ ...p, x: p.x * stretch })) })));
        pen.current = pen.current && { ...pen.current, x: pen.current.x * stretch };
      } else pen.current = null;
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
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const instance = pad.current;
    const element = canvas.current;
    const arrow = ARROWS[event.key];
    if (!instance || !element || (!arrow && event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    if (!arrow) {
      if (pen.current) pen.current.down = false;
      return;
    }
    const step = event.shiftKey ? KEY_STEP * 3 : KEY_STEP;
    const from = pen.current ?? { x: element.offsetWidth * 0.1, y: element.offsetHeight * 0.5, down: false };
    const to = { x: clamp(from.x + arrow[0] * step, element.offsetWidth), y: clamp(from.y + arrow[1] * step, element.offsetHeight) };
    const point = (p: { x: number; y: number }) => ({ x: p.x, y: p.y, pressure: 0.5, time: Date.now() });
    const groups = instance.toData();
    const last = groups[groups.length - 1];
    if (from.down && last) last.points.push(point(to));
    else {
      const { dotSize, minWidth, maxWidth, penColor, velocityFilterWeight, compositeOperation } = instance;
      groups.push({ dotSize, minWidth, maxWidth, penColor, velocityFilterWeight, compositeOperation, points: [point(from), point(to)] });
    }
    instance.fromData(groups);
    pen.current = { ...to, down: true };
    emitRef.current();
  };

  return (
    <Box>
      <Box style={{ border: '1px dashed var(--mantine-color-gray-5)', borderRadius: 8, background: 'white', touchAction: 'none' }}>
        <canvas
          ref={canvas}
          data-testid={testId}
          aria-label={t('signature.label')}
          aria-describedby={hintId}
          tabIndex={0}
          onKeyDown={onKeyDown}
          style={{ width: '100%', height: 200, display: 'block' }}
        />
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed" id={hintId}>
          {empty ? t('signature.hint') : t('signature.drawn')} {t('signature.keyboardHint')}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={() => {
            pad.current?.clear();
            pen.current = null;
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
