import { task } from "./probe-task.js";
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));
self.addEventListener("message", (event) => event.waitUntil(task(event.data).then((ms) => event.ports[0].postMessage(ms))));
