import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from '../support/child-server.js';
import { createBody } from '../support/factories.js';
import { call } from '../support/test-server.js';
import { until } from '../support/until.js';

// Issue 20, finding 7: with its log on a full disk the server answered three 500s and then exited. What it prints
// may fail (a full disk: ENOSPC, a pipe whose reader is gone: EPIPE); it goes on serving all the same.

let server: ChildServer;
afterEach(() => server.stop());

/**
 * A data folder whose outbox cannot be written (a file stands where its folder would be): every mail fails and the
 * sender prints a line about it, so the server has something to print while it serves.
 */
function dataDirWithBlockedOutbox(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-log-'));
  writeFileSync(path.join(dataDir, 'mails'), '');
  return dataDir;
}

/** Creates events (each sends a confirmation mail, which fails) until the sender printed about a failed one. */
async function printSomething(s: ChildServer): Promise<void> {
  for (let i = 0; i < 3; i++)
    expect((await call(s, 'POST', '/wizardservice/v1/create', createBody())).status).toBe(200);
  await until(() =>
    s.withDatabase(async (db) => {
      const failed = await db
        .selectFrom('message_task')
        .select('id')
        .where('attempts', '>=', 1)
        .where('last_error', 'is not', null)
        .executeTakeFirst();
      return failed ? true : undefined;
    }),
  );
  // A broken pipe reports its error a moment after the write.
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function expectServing(s: ChildServer): Promise<void> {
  expect(s.child.exitCode).toBeNull();
  expect((await fetch(`${s.baseUrl}/healthz`)).status).toBe(200);
  expect((await call(s, 'POST', '/wizardservice/v1/create', createBody())).status).toBe(200);
  expect(s.child.exitCode).toBeNull();
}

describe('the server whose log cannot be written', () => {
  it('goes on serving when its output goes to a full disk (/dev/full: every write fails with ENOSPC)', async () => {
    const devFull = openSync('/dev/full', 'w');
    try {
      server = await startChildServer({}, { dataDir: dataDirWithBlockedOutbox(), logTo: devFull });
    } finally {
      closeSync(devFull);
    }
    await printSomething(server);
    await expectServing(server);
  });

  it('goes on serving when the reader of its output went away (EPIPE)', async () => {
    server = await startChildServer({}, { dataDir: dataDirWithBlockedOutbox() });
    server.child.stdout?.destroy();
    server.child.stderr?.destroy();
    await printSomething(server);
    await expectServing(server);
  });
});
