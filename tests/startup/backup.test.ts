import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startChildServer } from '../support/child-server.js';
import { adminPath, createDinner, publicPath, registrationForm } from '../support/factories.js';
import { call } from '../support/test-server.js';

// Reliability 23: an online backup taken while the app writes passes SQLite's integrity check, and the app starts
// on it with the data that was committed when the backup began.

describe('an online backup', () => {
  it('taken under writes is intact and the app serves it', async () => {
    const server = await startChildServer();
    const backupDir = mkdtempSync(path.join(tmpdir(), 'rd-backup-'));
    try {
      const { runningDinner } = await createDinner(server);
      const register = (i: number) =>
        call(server, 'POST', publicPath(runningDinner.publicSettings.publicDinnerId, '/register'), registrationForm({ email: `backup${i}@example.org` }));
      const writes = Promise.all(Array.from({ length: 60 }, (_, i) => register(i)));

      const source = new Database(server.databaseFile, { readonly: true });
      await source.backup(path.join(backupDir, 'runningdinner.sqlite'));
      source.close();
      expect((await writes).every((answer) => answer.status === 200)).toBe(true);

      const copy = new Database(path.join(backupDir, 'runningdinner.sqlite'), { readonly: true });
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const participants = (copy.prepare('SELECT count(*) AS n FROM participant').get() as { n: number }).n;
      copy.close();
      expect(participants).toBeLessThanOrEqual(60);

      mkdirSync(path.join(backupDir, 'mails'), { recursive: true });
      const restored = await startChildServer({}, { dataDir: backupDir });
      try {
        const dinner = await call(restored, 'GET', adminPath(runningDinner.adminId));
        expect(dinner.status).toBe(200);
        expect(dinner.json.basicDetails.title).toBe(runningDinner.basicDetails.title);
      } finally {
        await restored.stop();
      }
    } finally {
      await server.stop();
    }
  });
});
