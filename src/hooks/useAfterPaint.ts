import { useEffect, useState } from 'react';

/**
 * False on a component's first render, true in a task right after the frame that painted it: a
 * part that is costly to mount but not needed for the first look (a list's search and filters) waits
 * until the screen is on it (issue #15).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return painted;
}
