// The host's screen kept on (wake-lock.js), with a browser's wake lock as node sees it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { keepScreenOn } from "./wake-lock.js";

const settle = () => new Promise((resolve) => { setImmediate(resolve); });

/** A navigator whose wake lock hands out locks that the "browser" can let go, and a document. */
function browser({ refuse = false } = {}) {
  /** @type {any[]} */
  const locks = [];
  const doc = Object.assign(new EventTarget(), { visibilityState: "visible" });
  const nav = {
    wakeLock: {
      /** @param {"screen"} type */
      request(type) {
        assert.equal(type, "screen");
        if (refuse) return Promise.reject(new Error("NotAllowedError"));
        const lock = Object.assign(new EventTarget(), {
          released: false,
          release() {
            lock.released = true;
            lock.dispatchEvent(new Event("release"));
            return Promise.resolve();
          },
        });
        locks.push(lock);
        return Promise.resolve(lock);
      },
    },
  };
  return { nav, doc, locks };
}

test("the screen is kept on while the page is shown, asked again after it was hidden, let go at release", async () => {
  const { nav, doc, locks } = browser();
  const awake = keepScreenOn(nav, /** @type {any} */ (doc));
  await settle();
  assert.equal(locks.length, 1);
  assert.equal(awake.held, true);
  // hidden: the browser lets go; shown again: asked again
  doc.visibilityState = "hidden";
  locks[0].release();
  doc.dispatchEvent(new Event("visibilitychange"));
  await settle();
  assert.equal(awake.held, false);
  assert.equal(locks.length, 1);
  doc.visibilityState = "visible";
  doc.dispatchEvent(new Event("visibilitychange"));
  await settle();
  assert.equal(locks.length, 2);
  assert.equal(awake.held, true);
  awake.release();
  assert.equal(locks[1].released, true);
  doc.dispatchEvent(new Event("visibilitychange"));
  await settle();
  assert.equal(locks.length, 2);
});

test("a browser without a wake lock, or one that refuses, changes nothing else", async () => {
  const doc = /** @type {any} */ (Object.assign(new EventTarget(), { visibilityState: "visible" }));
  const none = keepScreenOn({}, doc);
  await settle();
  assert.equal(none.held, false);
  none.release();
  const { nav, doc: doc2 } = browser({ refuse: true });
  const refused = keepScreenOn(nav, /** @type {any} */ (doc2));
  await settle();
  assert.equal(refused.held, false);
  refused.release();
});
