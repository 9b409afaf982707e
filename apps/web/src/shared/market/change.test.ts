import { describe, expect, it } from 'vitest';
import {
  arrowOf,
  directionOf,
  directionTextClass,
  formatChange,
  formatPrice,
  moveDirection,
} from './change';
import { sparklinePoints } from './sparkline';

describe('price change display', () => {
  it('always signs a change, zero has none', () => {
    expect(formatChange('1.23', 'en')).toBe('+1.23%');
    expect(formatChange('-0.45', 'en')).toBe('-0.45%');
    expect(formatChange('0.00', 'en')).toBe('0.00%');
    expect(formatChange('12.5', 'de')).toMatch(/^\+12,50\s%$/);
  });

  it('pairs the colour with an arrow (never colour alone)', () => {
    expect(directionOf('1.23')).toBe('up');
    expect(directionOf('-0.01')).toBe('down');
    expect(directionOf('0.00')).toBe('flat');
    expect(arrowOf('up')).toBe('▲');
    expect(arrowOf('down')).toBe('▼');
    expect(arrowOf('flat')).toBe('');
    expect(directionTextClass('up')).toBe('text-rise');
    expect(directionTextClass('down')).toBe('text-fall');
  });

  it('formats prices in the instrument precision', () => {
    expect(formatPrice('28879.02', 2, 'en')).toBe('28,879.02');
    expect(formatPrice('0.9416', 5, 'en')).toBe('0.94160');
    expect(formatPrice('35845', 0, 'de')).toBe('35.845');
  });

  it('tells the direction of a move between two prices', () => {
    expect(moveDirection('1.0', '1.1')).toBe('up');
    expect(moveDirection('1.1', '1.0')).toBe('down');
    expect(moveDirection('1.10', '1.1')).toBe('flat');
  });

  it('scales a sparkline into the canvas', () => {
    const points = sparklinePoints([1, 3, 2], 100, 20, 0);
    expect(points).toEqual([
      { x: 0, y: 20 },
      { x: 50, y: 0 },
      { x: 100, y: 10 },
    ]);
    expect(sparklinePoints([5], 100, 20)).toEqual([]);
    expect(sparklinePoints([2, 2], 100, 20).every((p) => p.y === 10)).toBe(true);
  });
});
