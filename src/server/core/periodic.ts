// Work a server does on a clock (the reminder scan, the retention sweep, the busy calendars' refresh):
// once at start, then every interval, never two runs at once. A run still under way when the next is
// due (a slow database, a feed that takes its time) is left to finish and the tick skipped: two at once
// would race, and `stop` waits for the one there is.

export interface PeriodicTask {
  /** Runs now, then every interval; the timer does not keep the process alive. */
  start(): void;
  /** Stops the clock and waits for a run under way. */
  stop(): Promise<void>;
}

export function periodicTask(run: () => Promise<unknown>, everyMs: number, onError: (err: unknown) => void): PeriodicTask {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = run()
      .then(() => undefined, onError)
      .finally(() => {
        running = undefined;
      });
  };
  return {
    start() {
      tick();
      timer = setInterval(tick, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
