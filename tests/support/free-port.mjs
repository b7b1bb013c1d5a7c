// A loopback port nobody listens on. Plain JavaScript, so `npm test` (tests/run-all.mjs, through postgres-cluster.mjs)
// can use it before any TypeScript runs.
import { createServer } from 'node:net';

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
