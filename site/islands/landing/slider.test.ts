import { describe, expect, it } from 'vitest';
import { pagedValue } from './slider.ts';

const distance = { min: 0, max: 1000, step: 5 };

describe('slider page step', () => {
  it('moves 10 steps on Page Up and Page Down', () => {
    expect(pagedValue('PageUp', 25, distance)).toBe(75);
    expect(pagedValue('PageDown', 75, distance)).toBe(25);
    expect(pagedValue('PageUp', 12, { min: 1, max: 50, step: 1 })).toBe(22);
  });

  it('stays within the range', () => {
    expect(pagedValue('PageDown', 25, distance)).toBe(0);
    expect(pagedValue('PageUp', 980, distance)).toBe(1000);
  });

  it('leaves every other key to the browser', () => {
    expect(pagedValue('ArrowRight', 25, distance)).toBeNull();
    expect(pagedValue('Home', 25, distance)).toBeNull();
  });
});
