// At most `max` tasks at a time; up to `maxWaiting` more wait their turn in order, beyond that the
// caller is refused at once (a queue without bound only moves the overload somewhere else).
export interface Limiter {
  run<T>(task: () => Promise<T>): Promise<T>;
}

export function createLimiter(max: number, maxWaiting: number, refuse: () => Error): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };
  return {
    async run(task) {
      if (running >= max) {
        if (waiting.length >= maxWaiting) throw refuse();
        // The slot is handed over by release(): running stays the same.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running++;
      try {
        return await task();
      } finally {
        release();
      }
    },
  };
}
