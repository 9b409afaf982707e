import { describe, expect, it } from 'vitest';
import { flashPrice } from './flash';

describe('a price flash', () => {
  it('marks the figure with its direction and switches keyframes, so a new tick restarts it', () => {
    const element = document.createElement('span');
    flashPrice(element, 'up');
    expect([element.dataset.flash, element.dataset.flashRun]).toEqual(['up', 'a']);
    flashPrice(element, 'down');
    expect([element.dataset.flash, element.dataset.flashRun]).toEqual(['down', 'b']);
    flashPrice(element, 'down');
    expect(element.dataset.flashRun).toBe('a');
    flashPrice(null, 'up');
  });
});
