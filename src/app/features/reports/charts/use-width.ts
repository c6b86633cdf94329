import { useEffect, useRef, useState } from 'react';

/** The width a chart is drawn for before its box is measured (and in tests): a phone's. */
export const PHONE_WIDTH = 358;

/**
 * A chart's box and its width in CSS pixels, followed as the window turns or
 * resizes: the chart is drawn for it, with as many labels as fit.
 */
export function useWidth<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  const [width, setWidth] = useState(PHONE_WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const measured = Math.floor(entry?.contentRect.width ?? 0);
      if (measured > 0) setWidth(measured);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** At most one axis label per `room` pixels: every `step`-th one. */
export const labelStep = (labels: number, width: number, room = 56) =>
  Math.max(1, Math.ceil(labels / Math.max(2, Math.floor(width / room))));
