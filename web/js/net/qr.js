// QR codes: draw one as an <svg>, and read one through the device's camera.
//
//   box.append(await qrSvg(code, { label: "Reply code" }));
//   const text = await scanQr(videoElement, { signal });   // the first QR code the camera sees
//
// Drawing uses the "qrcode-generator" package; reading uses the browser's BarcodeDetector when
// it reads QR codes, else the "jsqr" package. Both are loaded only when first needed, by the
// bare names the page's import map gives them.

const SVG = "http://www.w3.org/2000/svg";
const QUIET = 4; // the quiet zone around the code, in modules (the standard's minimum)
const SCAN_EVERY_MS = 250; // frames looked at: 4 a second
const SCAN_SIDE = 640; // frames are scaled down to at most this many pixels a side

/** An <svg> (role="img", aria-label = label) drawing the QR code of `text`: error correction
 *  level M, black modules on white whatever the colour scheme, crisp edges at any size.
 *  @param {string} text @param {{label?: string}} [how] @returns {Promise<SVGSVGElement>} */
export async function qrSvg(text, { label = "QR code" } = {}) {
  const { default: qrcode } = await import("qrcode-generator");
  const qr = qrcode(0, "M"); // 0: the smallest version that holds the text
  qr.addData(text, "Byte");
  qr.make();
  const count = qr.getModuleCount();
  const side = count + 2 * QUIET;
  // One path: each run of dark modules in a row is one rectangle.
  let d = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; ) {
      if (!qr.isDark(row, col)) {
        col += 1;
        continue;
      }
      const start = col;
      while (col < count && qr.isDark(row, col)) col += 1;
      d += `M${start + QUIET} ${row + QUIET}h${col - start}v1h${start - col}z`;
    }
  }
  const svg = document.createElementNS(SVG, "svg");
  setAttributes(svg, { viewBox: `0 0 ${side} ${side}`, role: "img", "aria-label": label,
    "shape-rendering": "crispEdges", width: side * 4, height: side * 4 });
  svg.style.colorScheme = "light";
  const background = document.createElementNS(SVG, "rect");
  setAttributes(background, { width: side, height: side, fill: "#fff" });
  const modules = document.createElementNS(SVG, "path");
  setAttributes(modules, { d, fill: "#000" });
  svg.append(background, modules);
  return svg;
}

/** Start the rear camera in `video` and resolve with the text of the first QR code it sees.
 *  The camera stops on success, on `signal`'s abort (rejects with its reason) and on error.
 *  Rejects with a clear Error when there is no camera or permission is refused. */
/** @param {HTMLVideoElement} video @param {{signal?: AbortSignal}} [how] @returns {Promise<string>} */
export async function scanQr(video, { signal } = {}) {
  signal?.throwIfAborted();
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error("This browser cannot use a camera here (it needs the page over https): paste the code instead.");
  }
  let stream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
  } catch (error) {
    throw cameraError(error);
  }
  const stop = () => {
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    signal?.throwIfAborted();
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    await video.play();
    const decode = await decoder();
    return await new Promise((resolve, reject) => {
      /** @type {ReturnType<typeof setTimeout> | undefined} */
      let timer;
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      const look = async () => {
        try {
          const text = await decode(video);
          if (signal?.aborted) return;
          if (text != null) {
            signal?.removeEventListener("abort", onAbort);
            resolve(text);
          } else timer = setTimeout(look, SCAN_EVERY_MS);
        } catch (error) {
          signal?.removeEventListener("abort", onAbort);
          reject(error);
        }
      };
      look();
    });
  } finally {
    stop();
  }
}

/** A function video -> the text of a QR code in its current frame, or null.
 *  @returns {Promise<(video: HTMLVideoElement) => Promise<string | null>>} */
async function decoder() {
  /** @type {OffscreenCanvas | HTMLCanvasElement | null} */
  let canvas = null;
  const frame = (/** @type {HTMLVideoElement} */ video) => {
    const scale = Math.min(1, SCAN_SIDE / Math.max(video.videoWidth, video.videoHeight));
    const width = Math.max(1, Math.round(video.videoWidth * scale));
    const height = Math.max(1, Math.round(video.videoHeight * scale));
    if (!canvas || canvas.width !== width || canvas.height !== height) {
      canvas = typeof OffscreenCanvas === "function" ? new OffscreenCanvas(width, height) : document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
    }
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) throw new Error("The camera's pictures cannot be read in this browser: paste the code instead.");
    context.drawImage(video, 0, 0, width, height);
    return { canvas, context, width, height };
  };
  if (typeof BarcodeDetector === "function" && (await BarcodeDetector.getSupportedFormats()).includes("qr_code")) {
    const detector = new BarcodeDetector({ formats: ["qr_code"] });
    return async (/** @type {HTMLVideoElement} */ video) => {
      if (!video.videoWidth) return null;
      const found = await detector.detect(frame(video).canvas);
      return found.length ? found[0].rawValue : null;
    };
  }
  const module = await import("jsqr");
  // The package is a UMD script: as a module it sets globalThis.jsQR; a wrapped copy exports it.
  const jsQR = typeof module.default === "function" ? module.default : globalThis.jsQR;
  if (typeof jsQR !== "function") throw new Error("The QR code reader could not be loaded.");
  return async (/** @type {HTMLVideoElement} */ video) => {
    if (!video.videoWidth) return null;
    const { context, width, height } = frame(video);
    const found = jsQR(context.getImageData(0, 0, width, height).data, width, height, { inversionAttempts: "dontInvert" });
    return found ? found.data : null;
  };
}

/** getUserMedia's failure as a sentence a player can act on.
 *  @param {unknown} thrown @returns {Error} */
function cameraError(thrown) {
  const error = /** @type {{name?: unknown, message?: unknown} | null | undefined} */ (thrown);
  switch (error?.name) {
    case "NotAllowedError":
    case "SecurityError":
      return new Error("The camera may not be used: allow it in the browser's site settings, or paste the code instead.");
    case "NotFoundError":
    case "OverconstrainedError":
      return new Error("No camera was found on this device: paste the code instead.");
    case "NotReadableError":
    case "AbortError":
      return new Error("The camera is busy or could not start: close other apps using it, or paste the code instead.");
    default:
      return new Error(`The camera could not start (${error?.message || error}): paste the code instead.`);
  }
}

/** @param {Element} element @param {Record<string, string | number>} attributes */
function setAttributes(element, attributes) {
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
}
