// One probe task, the same in the page, the worker and the service worker (see probe.html).
export async function task(what) {
  const t0 = performance.now();
  if (what === "fetch") {
    const response = await fetch(new URL(`probe.bin?${Math.random()}`, import.meta.url), { cache: "no-store" });
    await response.arrayBuffer();
  } else {
    let x = 0;
    for (let i = 0; i < 20_000_000; i++) x = (x + i * 7) % 1_000_003;
    if (x < 0) throw new Error("unreachable");
  }
  return Math.round(performance.now() - t0);
}
