import { task } from "./probe-task.js";
self.onmessage = async ({ data, ports }) => ports[0].postMessage(await task(data));
