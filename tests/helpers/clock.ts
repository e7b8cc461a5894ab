// A clock that moves only when the test says so, for the rate limiters' `now()`.
export interface ManualClock {
  now: () => number;
  advance(ms: number): void;
}

export function manualClock(start = Date.now()): ManualClock {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
  };
}
