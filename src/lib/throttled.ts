/** A call coalesced in time: for reports that come faster than anyone needs to see them. */

/** `publish(now)` runs `run` at once when `now`, else at most once per `ms`; `cancel` drops a pending run. */
export function throttled(run: () => void, ms: number): { publish: (now?: boolean) => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    clearTimeout(timer);
    timer = undefined;
    run();
  };
  return {
    publish: (now = false) => (now ? fire() : (timer ??= setTimeout(fire, ms))),
    cancel: () => {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
