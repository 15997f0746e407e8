// Unit tests of download-bytes.js (node --test): the wire size of compressed and plain
// responses, and the count while a body is read.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readCounting, wireDone, wireSize } from "./download-bytes.js";

/** A response whose body arrives in the given chunks (sizes in bytes). */
function response(chunkSizes, headers = {}) {
  const body = new ReadableStream({
    start(controller) {
      chunkSizes.forEach((n, i) => controller.enqueue(new Uint8Array(n).fill(i)));
      controller.close();
    },
  });
  return new Response(body, { headers });
}

test("a compressed response weighs its Content-Length, a plain one the file's size", () => {
  assert.equal(wireSize(new Headers({ "Content-Encoding": "gzip", "Content-Length": "300" }), 1000), 300);
  assert.equal(wireSize(new Headers({ "Content-Length": "1000" }), 1000), 1000);
  assert.equal(wireSize(new Headers({ "Content-Encoding": "br" }), 1000), 1000, "no length: the file's size");
  assert.equal(wireSize(new Headers({ "Content-Encoding": "gzip", "Content-Length": "junk" }), 1000), 1000);
  assert.equal(wireSize(new Headers(), 1000), 1000);
});

test("the bytes read count as their share of the wire, never more", () => {
  assert.equal(wireDone(0, 1000, 300), 0);
  assert.equal(wireDone(500, 1000, 300), 150);
  assert.equal(wireDone(1000, 1000, 300), 300);
  assert.equal(wireDone(1500, 1000, 300), 300);
  assert.equal(wireDone(0, 0, 0), 0);
});

test("reading a compressed body counts up to its Content-Length", async () => {
  const counts = [];
  const chunks = await readCounting(response([400, 400, 200], { "Content-Encoding": "gzip", "Content-Length": "250" }),
                                    1000, (count) => counts.push(count));
  assert.deepEqual(chunks, [], "dropped unless kept");
  assert.deepEqual(counts, [
    { read: 400, done: 100, total: 250 },
    { read: 800, done: 200, total: 250 },
    { read: 1000, done: 250, total: 250 },
  ]);
});

test("a plain body counts its bytes; kept chunks are the body", async () => {
  const counts = [];
  const chunks = await readCounting(response([3, 5]), 8, (count) => counts.push(count), { keep: true });
  assert.deepEqual(counts.map((c) => c.done), [3, 8]);
  assert.deepEqual(counts.at(-1), { read: 8, done: 8, total: 8 });
  assert.deepEqual(Buffer.concat(chunks), Buffer.from([0, 0, 0, 1, 1, 1, 1, 1]));
});

test("a body longer than the file's size counts no further than the whole", async () => {
  const counts = [];
  await readCounting(response([6, 6]), 10, (count) => counts.push(count));
  assert.deepEqual(counts.at(-1), { read: 10, done: 10, total: 10 });
});
