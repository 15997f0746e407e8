// How fast the page plays by itself: the least time a computer turn shows "thinking…" (its
// search runs meanwhile) and the pause between two replay steps, in ms. 700 by default;
// ?pace=<ms> in the page's address sets it (the tests use 50).

export const PACE = Math.max(0, Number(new URLSearchParams(location.search).get("pace") ?? 700) || 0);
