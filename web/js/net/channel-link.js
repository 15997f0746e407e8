// A "link": one WebRTC data channel to another page, for text messages of any size.
//
//   const link = channelLink("manual", pc, channel);   // as soon as the channel exists
//   link.onmessage = (text) => …;  link.onclose = () => …;  link.send(text);  link.close();
//
// Messages larger than a data channel takes in one piece are sent in chunks and put back
// together on the other side. Every chunk starts with one character: "+" (more of this message
// follows) or "." (the message ends here). Chunks are at most CHUNK UTF-16 units, which is at
// most 48 KB in UTF-8, under the 64 KB every browser accepts; a chunk never splits a surrogate pair.
// Made before the channel opens, the link hears what the other side sends from its first
// message on. Messages that arrive before `onmessage` is set are kept and handed over, in order,
// once it is.
// `onclose` fires once, when the channel or the connection closes or fails, after close(), or
// when this page goes away.

const CHUNK = 16000;

/** @typedef {import("./relay.js").Link} Link */

/**
 * The link over an open data channel of `pc`.
 * @param {string} id the link's name @param {RTCPeerConnection} pc @param {RTCDataChannel} channel
 * @returns {Link}
 */
export function channelLink(id, pc, channel) {
  /** @type {null | ((data: unknown) => void)} */
  let onmessage = null;
  /** @type {unknown[]} */
  const waiting = []; // whole messages received while onmessage was null
  let partial = ""; // the chunks of the message being received
  let flushing = false;

  /** @type {Link} */
  const link = {
    id,
    onclose: null,
    closed: false,
    get onmessage() {
      return onmessage;
    },
    set onmessage(handler) {
      onmessage = handler;
      if (handler && waiting.length) queueMicrotask(flush);
    },
    /** Send one message (a string); does nothing once the link is closed. */
    send(text) {
      if (link.closed || channel.readyState !== "open") return;
      text = String(text);
      let at = 0;
      do {
        let end = Math.min(at + CHUNK, text.length);
        const code = text.charCodeAt(end - 1);
        if (end < text.length && code >= 0xd800 && code <= 0xdbff) end -= 1; // keep a pair whole
        channel.send((end < text.length ? "+" : ".") + text.slice(at, end));
        at = end;
      } while (at < text.length);
    },
    /** Close the channel and the connection. */
    close() {
      finish();
    },
  };

  /** @param {unknown} message */
  function deliver(message) {
    if (onmessage && !waiting.length) onmessage(message);
    else {
      waiting.push(message);
      if (onmessage && !flushing) queueMicrotask(flush);
    }
  }

  function flush() {
    flushing = true;
    try {
      while (onmessage && waiting.length) onmessage(waiting.shift());
    } finally {
      flushing = false;
    }
  }

  function finish() {
    if (link.closed) return;
    link.closed = true;
    removeEventListener("pagehide", finish);
    try {
      channel.close();
      pc.close();
    } catch {
      // already closed
    }
    link.onclose?.();
  }

  channel.addEventListener("message", (event) => {
    const data = event.data;
    if (typeof data !== "string") return deliver(data); // not ours: passed on as it came
    if (data[0] === "+") partial += data.slice(1);
    else if (data[0] === ".") {
      const message = partial + data.slice(1);
      partial = "";
      deliver(message);
    }
  });
  // A page that goes away closes its links, so the other side learns it at once (otherwise
  // only when the connection fails, after many seconds).
  addEventListener("pagehide", finish);
  channel.addEventListener("close", finish);
  channel.addEventListener("error", finish);
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed" || pc.connectionState === "closed") finish();
  });
  return link;
}
