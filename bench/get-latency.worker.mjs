import { parentPort, workerData } from 'node:worker_threads';

// A client on its own thread: a blocked server event loop shows in these latencies, not in the client's own
// timers. Plain JavaScript: a thread that loads at once cannot count on the tsx hooks being ready.

const { url, concurrency } = workerData;
const latencies = [];
let running = true;

async function loop() {
  while (running) {
    const started = performance.now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET answered ${response.status}`);
    latencies.push(performance.now() - started);
  }
}

const loops = Array.from({ length: concurrency }, loop);
parentPort.once('message', async () => {
  running = false;
  await Promise.all(loops);
  parentPort.postMessage(latencies);
});
parentPort.postMessage('started');
