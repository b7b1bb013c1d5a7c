import { describe, expect, it } from 'vitest';
import { startChildServer } from '../support/child-server.js';

// Issue 26, item 16: the start-up line names the outbox by an address that reaches this server as HOST and
// PUBLIC_URL set it up, not by a localhost it may not listen on.

/** The line the built server, started with `env`, says it serves with; and its port. */
async function servingLine(env: Record<string, string>) {
  const server = await startChildServer(env);
  try {
    const line = server
      .output()
      .split('\n')
      .find((each) => each.startsWith('running-dinner serving on'));
    return { line, port: server.port };
  } finally {
    await server.stop();
  }
}

describe('the start-up line', () => {
  it('names the outbox at PUBLIC_URL when that is this server', async () => {
    // The child server listens on 127.0.0.1 and its PUBLIC_URL is http://127.0.0.1:<port>.
    const { line, port } = await servingLine({});
    expect(line).toBe(
      `running-dinner serving on http://127.0.0.1:${port} (links use http://127.0.0.1:${port}; mail to the outbox, readable on this machine only: http://127.0.0.1:${port}/mailbox)`,
    );
  });

  it('names the outbox at the address it is bound to when PUBLIC_URL is a proxy, which the outbox does not answer', async () => {
    const { line, port } = await servingLine({ PUBLIC_URL: 'https://dinner.example.org' });
    expect(line).toBe(
      `running-dinner serving on http://127.0.0.1:${port} (links use https://dinner.example.org; mail to the outbox, readable on this machine only: http://127.0.0.1:${port}/mailbox)`,
    );
  });

  it('without PUBLIC_URL, links and outbox use the host it is bound to', async () => {
    const { line, port } = await servingLine({ PUBLIC_URL: '', HOST: '127.0.0.2' });
    expect(line).toBe(
      `running-dinner serving on http://127.0.0.2:${port} (links use http://127.0.0.2:${port}; mail to the outbox, readable on this machine only: http://127.0.0.2:${port}/mailbox)`,
    );
  });

  it('listening on every address without PUBLIC_URL, it names localhost', async () => {
    const { line, port } = await servingLine({ PUBLIC_URL: '', HOST: '0.0.0.0' });
    expect(line).toContain(`links use http://localhost:${port}; `);
    expect(line).toContain(`(only http://localhost:${port}/mailbox on this machine itself)`);
  });
});
