// Browser interfaces the page uses where the browser has them, which TypeScript's DOM library
// does not describe yet.

/** The Barcode Detection API (Chromium): net/qr.js reads QR codes with it when it is there. */
declare class BarcodeDetector {
  constructor(options?: { formats?: string[] });
  static getSupportedFormats(): Promise<string[]>;
  detect(source: CanvasImageSource | ImageData): Promise<{ rawValue: string }[]>;
}

/** The "jsqr" package is a UMD script: loaded as a module, it sets this global (net/qr.js). */
declare var jsQR: typeof import("jsqr").default | undefined;

/** app.js's read-only handle on the page, for the e2e tests, scripts/bench and the console. */
interface Window {
  __app?: object;
}
