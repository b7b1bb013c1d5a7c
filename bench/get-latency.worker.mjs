import { parentPort, workerData } from 'node:worker_threads';

// A client on its own thread: a blocked server event loop shows in these latencies, not in the client's own
// timers. Plain JavaScript: a thread that loads at once cannot count on the tsx hooks being ready.
// Each GET is kept as [start, end] in wall-clock milliseconds (timeOrigin + now, comparable across threads), so
// the main thread can keep those that ran during a generation; `counter` (shared) tells it how many are done.

const { url, concurrency, counter } = workerData;
const done = new Int32Array(counter);
const samples = [];
let running = true;

const now = () => performance.timeOrigin + performance.now();

async function loop() {
  while (running) {
    const started = now();
    const response = await fetch(url);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`GET answered ${response.status}`);
    samples.push([started, now()]);
    Atomics.add(done, 0, 1);
  }
}

const loops = Array.from({ length: concurrency }, loop);
parentPort.once('message', async () => {
  running = false;
  await Promise.all(loops);
  parentPort.postMessage(samples);
});
parentPort.postMessage('started');
