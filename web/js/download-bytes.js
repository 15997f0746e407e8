// Counting a download's bytes as they arrive, on the wire: used by the page (engine-download.js,
// a first visit's engine download) and by the service worker (sw.js, an install's progress).
//
//   const wire = wireSize(response.headers, size);       // what the transfer weighs
//   const chunks = await readCounting(response, size, ({ read, done, total }) => …, { keep: true });
//
// A compressed response (Content-Encoding, as GitHub Pages sends wasm, JS and JSON) weighs its
// Content-Length, and the decompressed bytes read so far count as that share of it; an
// uncompressed one (or one with no Content-Length) weighs the file's own size.

/**
 * The bytes a response of a file of `size` bytes weighs on the wire.
 * @param {Headers} headers
 * @param {number} size the file's own size (uncompressed)
 * @returns {number}
 */
export function wireSize(headers, size) {
  const length = Number(headers.get("Content-Length"));
  return headers.get("Content-Encoding") && length > 0 ? length : size;
}

/**
 * The wire bytes that `read` bytes of the file (decompressed) stand for: their share of `wire`,
 * never more than `wire`.
 * @param {number} read
 * @param {number} size
 * @param {number} wire
 * @returns {number}
 */
export function wireDone(read, size, wire) {
  if (size <= 0) return read > 0 ? wire : 0;
  return Math.min(wire, Math.round((read / size) * wire));
}

/**
 * @typedef {object} Count
 * @property {number} read   the file's bytes read so far (decompressed, at most its size)
 * @property {number} done   what they weigh on the wire
 * @property {number} total  what the whole transfer weighs on the wire
 */

/**
 * Read `response`'s body to its end, telling `onBytes` after each chunk how far it got.
 * @param {Response} response
 * @param {number} size the file's own size (uncompressed)
 * @param {(count: Count) => void} onBytes
 * @param {{keep?: boolean}} [how] keep: return the chunks read (else they are dropped)
 * @returns {Promise<Uint8Array<ArrayBuffer>[]>} the chunks (none unless `keep`)
 */
export async function readCounting(response, size, onBytes, { keep = false } = {}) {
  const total = wireSize(response.headers, size);
  /** @type {Uint8Array<ArrayBuffer>[]} */
  const chunks = [];
  if (!response.body) return chunks;
  const reader = response.body.getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (keep) chunks.push(value);
    read += value.length;
    const counted = Math.min(size, read);
    onBytes({ read: counted, done: wireDone(counted, size, total), total });
  }
  return chunks;
}
