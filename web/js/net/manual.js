// Connecting two pages by hand, with no relay: the host's invitation carries an offer code, the
// guest's page answers with a reply code, and the host enters that reply (scanned or pasted).
//
//   Host:   const offer = await makeOffer({ iceServers });    // show offer.code in the invitation
//           const link = await offer.accept(replyCode);        // resolves once the channel is open
//   Guest:  const answer = await answerOffer(offerCode, { iceServers });  // show answer.code
//           const link = await answer.link;
//
// Each side gathers all its network candidates before showing its code (there is no way to
// send more later). Both sides create the same pre-agreed data channel (id 0), so neither waits
// for the other to announce it. The link is described in channel-link.js; the codes in offer-code.js.

import { channelLink } from "./channel-link.js";
import { decodeCode, encodeCode, readSdp } from "./offer-code.js";

const GATHER_MS = 3000; // candidate gathering: use what was found by then
const ACCEPT_MS = 30_000; // host: from a reply code to an open channel
const GUEST_MS = 180_000; // guest: from showing the reply code to an open channel (a person carries it)

/** @typedef {import("./relay.js").Link} Link */
/** What stops a wait for the channel: `now()` (replaced by the wait, then by a no-op when it ends).
 *  @typedef {{now: () => void}} Abandon */

/** Host side: make an offer for one guest. Resolves with `code` (the offer code), `accept(replyCode)`
 *  (resolves with the link once the data channel is open; rejects with a clear Error on a bad code,
 *  which leaves the offer usable for another try, or after 30 s) and `close()` (abandons it).
 *  @param {{iceServers?: RTCIceServer[]}} [options]
 *  @returns {Promise<{code: string, accept(replyCode: unknown): Promise<Link>, close(): void}>} */
export async function makeOffer({ iceServers = [] } = {}) {
  const { pc, channel, link } = newConnection(iceServers);
  let answered = false;
  /** @type {Abandon} */
  const abandon = { now: () => {} };
  try {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
  } catch (error) {
    pc.close();
    throw error;
  }
  const offered = localSdp(pc);
  const local = readSdp(offered);
  return {
    code: encodeCode("offer", offered),
    async accept(replyCode) {
      if (pc.signalingState === "closed") throw new Error("This invitation was withdrawn: make a new one.");
      if (answered) throw new Error("This invitation has already been answered: make a new one for another friend.");
      const { sdp } = decodeCode(replyCode, "reply", { mid: local.mid });
      answered = true;
      // A closed connection never settles its pending calls: close() rejects this wait itself.
      /** @type {Promise<never>} */
      const withdrawn = new Promise((_, reject) => {
        abandon.now = () => reject(new Error("This invitation was withdrawn: make a new one."));
      });
      try {
        await Promise.race([pc.setRemoteDescription({ type: "answer", sdp }), withdrawn]);
      } catch (error) {
        // read again: the state may have changed while the answer was being set
        if (/** @type {RTCSignalingState} */ (pc.signalingState) === "closed") throw error;
        pc.close();
        // (what rejects here is an Error: the browser's DOMException, or `withdrawn`'s)
        throw new Error(`The reply code could not be used (${/** @type {Error} */ (error).message}): make a new invitation.`);
      }
      return opened(pc, channel, link, ACCEPT_MS, "The friend's device could not be reached within 30 seconds.", abandon);
    },
    close() {
      pc.close();
      abandon.now();
    },
  };
}

/** Guest side: answer an offer code. Resolves with `code` (the reply code to show), `link`
 *  (a promise of the link, once the host has entered the reply) and `close()`.
 *  Throws a clear Error for a malformed code.
 *  @param {unknown} offerCode @param {{iceServers?: RTCIceServer[]}} [options]
 *  @returns {Promise<{code: string, link: Promise<Link>, close(): void}>} */
export async function answerOffer(offerCode, { iceServers = [] } = {}) {
  const { sdp } = decodeCode(offerCode, "offer");
  const { pc, channel, link } = newConnection(iceServers);
  try {
    await pc.setRemoteDescription({ type: "offer", sdp });
    await pc.setLocalDescription(await pc.createAnswer());
    await gathered(pc);
    if (readSdp(localSdp(pc)).setup !== "active") {
      throw new Error("This browser answered with a DTLS role a reply code cannot carry.");
    }
  } catch (error) {
    pc.close();
    throw error;
  }
  /** @type {Abandon} */
  const abandon = { now: () => {} };
  const open = opened(pc, channel, link, GUEST_MS, "The host did not connect: ask for a new invitation.", abandon);
  open.catch(() => {}); // a guest who never waits for it is not an unhandled rejection
  return {
    code: encodeCode("reply", localSdp(pc)),
    link: open,
    close() {
      pc.close();
      abandon.now();
    },
  };
}

/** A connection with the pre-agreed data channel (id 0), and the link over it. The link listens
 *  from the start: the other side may send as soon as its own end opens, and the browser can hand
 *  this side that message before this side's "open" event.
 *  @param {RTCIceServer[]} iceServers @returns {{pc: RTCPeerConnection, channel: RTCDataChannel, link: Link}} */
function newConnection(iceServers) {
  const pc = new RTCPeerConnection({ iceServers });
  const channel = pc.createDataChannel("moteplay", { negotiated: true, id: 0, ordered: true });
  return { pc, channel, link: channelLink("manual", pc, channel) };
}

/** The SDP of `pc`'s local description, set once setLocalDescription() has resolved.
 *  @param {RTCPeerConnection} pc @returns {string} */
function localSdp(pc) {
  if (!pc.localDescription) throw new Error("The browser made no connection description.");
  return pc.localDescription.sdp;
}

/** Resolves when candidate gathering has ended, or after GATHER_MS (using what was found). */
/** @param {RTCPeerConnection} pc @returns {Promise<void>} */
function gathered(pc) {
  return new Promise((resolve) => {
    if (pc.iceGatheringState === "complete") return resolve();
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    const check = () => pc.iceGatheringState === "complete" && done();
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/** Resolves with `link` once `channel` is open; rejects (and closes) on failure, on timeout or
 *  when `abandon.now()` is called (close() before the channel opened: pc.close() fires no event).
 *  @param {RTCPeerConnection} pc @param {RTCDataChannel} channel @param {Link} link @param {number} ms
 *  @param {string} timeoutText @param {Abandon} [abandon] @returns {Promise<Link>} */
function opened(pc, channel, link, ms, timeoutText, abandon = { now: () => {} }) {
  return new Promise((resolve, reject) => {
    const fail = (/** @type {string} */ message) => {
      cleanup();
      pc.close();
      reject(new Error(message));
    };
    const onOpen = () => {
      cleanup();
      resolve(link);
    };
    const onClose = () => fail("The connection was closed before it opened.");
    const onState = () => {
      if (pc.connectionState === "failed") fail("The connection failed: the two devices cannot reach each other.");
      else if (pc.connectionState === "closed") onClose();
    };
    const timer = setTimeout(() => fail(timeoutText), ms);
    const cleanup = () => {
      clearTimeout(timer);
      abandon.now = () => {};
      channel.removeEventListener("open", onOpen);
      channel.removeEventListener("close", onClose);
      pc.removeEventListener("connectionstatechange", onState);
    };
    abandon.now = onClose;
    if (channel.readyState === "open") return onOpen();
    channel.addEventListener("open", onOpen);
    channel.addEventListener("close", onClose);
    pc.addEventListener("connectionstatechange", onState);
  });
}
