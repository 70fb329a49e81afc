/** A wait the server asked for (a 429's Retry-After), counting down each second to zero. */
import { useCallback, useEffect, useState } from "react";

export function useWait() {
  const [until, setUntil] = useState(0);
  const [startSeconds, setStartSeconds] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const tick = () => {
      const time = Date.now();
      setNow(time);
      if (time >= until) setUntil(0);
    };
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [until]);
  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setStartSeconds(seconds);
    setUntil(time + seconds * 1000);
  }, []);
  /** Whole seconds left, 0 when not waiting. */
  const secondsLeft = until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
  return { isWaiting: secondsLeft > 0, secondsLeft, startSeconds, start };
}
