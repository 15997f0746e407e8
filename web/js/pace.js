// How fast the page plays by itself: the least time a computer turn shows "thinking…" (its
// search runs meanwhile) and the pause between two replay steps, in ms. Read afresh each time
// (pace()), so a change in Settings holds from the next pause on: slow 1400, normal 700, fast
// 250, instant 0. ?pace=<ms> in the page's address wins over the setting (the tests use 50).

import { readSettings } from "./settings.js";

/** The pause of each computer speed in Settings, in ms. */
export const SPEEDS = Object.freeze({ slow: 1400, normal: 700, fast: 250, instant: 0 });

const fromAddress = new URLSearchParams(location.search).get("pace");

/** The address's ?pace= in ms, or null when it has none. */
export const addressPace = fromAddress == null ? null : Math.max(0, Number(fromAddress) || 0);

/** The pace now, in ms. */
export function pace() {
  return addressPace ?? SPEEDS[readSettings().speed] ?? SPEEDS.normal;
}
