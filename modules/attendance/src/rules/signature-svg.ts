/** The box signatures are drawn in: clients send points scaled to it, whatever their screen. */
export const signatureBox = { width: 1000, height: 400 } as const;

const coordinate = (value: number, max: number) => Math.round(Math.min(max, Math.max(0, value)) * 10) / 10;

/**
 * The SVG of a signature, drawn by the server from the points alone: nothing a client sends reaches the markup
 * but numbers, so the SVG is safe to show anywhere (a page, a PDF).
 */
export function signatureSvg(strokes: readonly (readonly number[])[][]): string {
  const paths = strokes
    .filter((stroke) => stroke.length)
    .map((stroke) => {
      const points = stroke.map(([x = 0, y = 0]) => `${coordinate(x, signatureBox.width)} ${coordinate(y, signatureBox.height)}`);
      const d = points.length === 1 ? `M${points[0]} l0.1 0` : `M${points.join(' L')}`;
      return `<path d="${d}"/>`;
    });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${signatureBox.width} ${signatureBox.height}" fill="none" stroke="#000" stroke-width="3" stroke-linecap="round" stroke-linejoin="round">${paths.join('')}</svg>`;
}
