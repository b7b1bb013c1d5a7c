import net from 'node:net';

// The SSE clients of sse-fanout.bench.ts in a process of their own: reading thousands of streams must not slow the
// process that measures the latency. Plain sockets (a browser's EventSource is one request and a body it reads);
// each counts the events it got. Messages from the bench: {open: {port, path, count}} answers {opened, refused};
// 'count' answers {open, events} (streams still open, events read over all); 'stop' ends them all.

const OPEN_AT_ONCE = 200;
const streams = new Set();
let events = 0;

function openStream(port, path) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    let head = '';
    let answered = false;
    socket.setEncoding('utf8');
    socket.on('connect', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\r\n`),
    );
    socket.on('data', (chunk) => {
      if (!answered) {
        head += chunk;
        if (!head.includes('\r\n')) return;
        answered = true;
        const ok = head.startsWith('HTTP/1.1 200');
        if (ok) streams.add(socket);
        else socket.destroy();
        resolve(ok ? 'opened' : head.split('\r\n')[0]);
      }
      events += chunk.split('\nevent: ').length - 1;
    });
    socket.on('error', () => {
      if (!answered) resolve('connection error');
      answered = true;
    });
    socket.on('close', () => {
      streams.delete(socket);
      if (!answered) resolve('closed');
      answered = true;
    });
  });
}

process.on('message', async (message) => {
  if (message === 'count') return process.send({ open: streams.size, events });
  if (message === 'stop') {
    for (const socket of streams) socket.destroy();
    return process.exit(0);
  }
  const { port, path, count } = message.open;
  const outcomes = {};
  for (let started = 0; started < count; started += OPEN_AT_ONCE) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(OPEN_AT_ONCE, count - started) }, () => openStream(port, path)),
    );
    for (const outcome of batch) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  process.send({
    opened: outcomes.opened ?? 0,
    refused: Object.fromEntries(Object.entries(outcomes).filter(([k]) => k !== 'opened')),
  });
});
