// Animation frames that run only when a test says so (happy-dom tests of hooks that wait for a frame).
import { act } from 'react';
import { vi } from 'vitest';

/** Stubs requestAnimationFrame and cancelAnimationFrame; `runFrame` runs the callbacks due, inside `act`. */
export function stubManualFrames(): { runFrame: () => void; pending: () => number } {
  let frames = new Map<number, FrameRequestCallback>();
  let lastFrame = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    lastFrame += 1;
    frames.set(lastFrame, callback);
    return lastFrame;
  });
  vi.stubGlobal('cancelAnimationFrame', (id: number) => frames.delete(id));
  return {
    runFrame: () =>
      act(() => {
        const due = [...frames.values()];
        frames = new Map();
        for (const callback of due) callback(0);
      }),
    pending: () => frames.size,
  };
}
