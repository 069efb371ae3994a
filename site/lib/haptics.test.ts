import { afterEach, describe, expect, it, vi } from 'vitest';
import { haptic } from './haptics.ts';

const vibrate = vi.fn(() => true);
function device(options: { vibrate: boolean; reducedMotion: boolean }) {
  vi.stubGlobal('navigator', options.vibrate ? { vibrate } : {});
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(prefers-reduced-motion: reduce)' && options.reducedMotion,
  }));
}
afterEach(() => {
  vi.unstubAllGlobals();
  vibrate.mockClear();
});

describe('haptic', () => {
  it('vibrates 10, 20 and 30 ms, and the warning pattern for destructive presses', () => {
    device({ vibrate: true, reducedMotion: false });
    haptic('light');
    haptic('medium');
    haptic('heavy');
    haptic('warning');
    expect(vibrate.mock.calls).toEqual([[10], [20], [30], [[30, 60, 30]]]);
  });

  it('stays still under prefers-reduced-motion: reduce', () => {
    device({ vibrate: true, reducedMotion: true });
    haptic('warning');
    haptic('light');
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('does nothing where the browser cannot vibrate', () => {
    device({ vibrate: false, reducedMotion: false });
    expect(() => haptic('heavy')).not.toThrow();
  });

  it('does not break the press when the browser refuses to vibrate', () => {
    vi.stubGlobal('navigator', {
      vibrate: () => {
        throw new DOMException('No user gesture', 'NotAllowedError');
      },
    });
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(() => haptic('warning')).not.toThrow();
  });
});
