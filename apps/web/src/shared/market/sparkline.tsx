import { useEffect, useRef } from 'react';
import { useTheme } from '../ui/theme';
import { riseFallColours, useConvention } from './up-down';
import type { Direction } from './change';

/** Turns prices into canvas points (pure; exported for tests). */
export function sparklinePoints(
  values: readonly number[],
  width: number,
  height: number,
  padding = 2,
): { x: number; y: number }[] {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length < 2) return [];
  const min = Math.min(...finite);
  const max = Math.max(...finite);
  const span = max - min || 1;
  const step = (width - padding * 2) / (finite.length - 1);
  return finite.map((v, i) => ({
    x: padding + i * step,
    y: max === min ? height / 2 : padding + (1 - (v - min) / span) * (height - padding * 2),
  }));
}

/** Canvases waiting for their line, each with its latest drawing (a newer one replaces it). */
const waiting = new Map<HTMLCanvasElement, () => void>();
let flushing = false;
/** How long one task may draw before it leaves the main thread to the browser. */
const SLICE_MS = 4;

/**
 * Draws a canvas in a task of its own, a few canvases a task: a list's rows mount, or take a tick,
 * together, and drawing every sparkline in the commit that showed them made it one long task on a
 * phone (10 ms of 21 on a desktop for the home page's list). The line shows a frame or two later.
 */
function drawSoon(canvas: HTMLCanvasElement, draw: () => void): void {
  waiting.set(canvas, draw);
  if (flushing) return;
  flushing = true;
  setTimeout(drawSome, 0);
}

function drawSome(): void {
  const until = performance.now() + SLICE_MS;
  for (const [canvas, draw] of waiting) {
    waiting.delete(canvas);
    if (canvas.isConnected) draw();
    if (performance.now() >= until) break;
  }
  if (waiting.size > 0) setTimeout(drawSome, 0);
  else flushing = false;
}

/**
 * A small line of the last 100 minutes and the live price, drawn on a canvas at the device's pixel
 * ratio. Decorative: the price and change beside it carry the information.
 */
export function Sparkline({
  values,
  direction,
  width = 56,
  height = 28,
  className = '',
}: {
  values: readonly string[];
  direction: Direction;
  width?: number;
  height?: number;
  className?: string;
}) {
  const ref = useRef<HTMLCanvasElement>(null);
  const theme = useTheme();
  const convention = useConvention();
  const key = values.join(',');
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    drawSoon(canvas, () => {
      const colours = riseFallColours(); // read before the canvas is resized (no forced restyle)
      const ratio = window.devicePixelRatio || 1;
      // Resizing a canvas reallocates it: only when the size or the pixel ratio changed.
      const pixelWidth = Math.round(width * ratio);
      const pixelHeight = Math.round(height * ratio);
      if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
      if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
      const context = canvas.getContext('2d');
      if (!context) return;
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      context.clearRect(0, 0, width, height);
      const points = sparklinePoints(values.map(Number), width, height);
      if (points.length < 2) return;
      context.strokeStyle =
        direction === 'up' ? colours.rise : direction === 'down' ? colours.fall : colours.flat;
      context.lineWidth = 1.5;
      context.lineJoin = 'round';
      context.beginPath();
      points.forEach((p, i) => (i === 0 ? context.moveTo(p.x, p.y) : context.lineTo(p.x, p.y)));
      context.stroke();
      // The line is drawn left to right in time in every language, like the price chart.
    });
  }, [key, direction, width, height, theme, convention]);
  return (
    <canvas
      ref={ref}
      aria-hidden="true"
      data-sparkline=""
      style={{ width, height }}
      className={`block ${className}`}
    />
  );
}
