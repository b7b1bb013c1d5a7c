import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { confirmOrganiserIn, startChildServer } from '../support/child-server.js';
import { adminPath, createDinner, participantsPath, publicPath, registrationForm } from '../support/factories.js';
import { onPostgres } from '../support/postgres.js';
import { call } from '../support/test-server.js';

// Reliability 23: `npm run backup` (server/backup.ts, run here as the npm script runs it) takes an online backup
// while the app writes; the copy passes SQLite's integrity check, and the app starts on it with the data that was
// committed when the backup began. On PostgreSQL the command only shows the pg_dump command.

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Asynchronous, so the registrations this process sends go on while the backup runs. */
function backup(env: Record<string, string>, args: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'server/backup.ts', ...args],
      { cwd: root, timeout: 60_000, env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

function integrityAndParticipants(file: string): { integrity: unknown; participants: number } {
  const copy = new Database(file, { readonly: true });
  try {
    const participants = (copy.prepare('SELECT count(*) AS n FROM participant').get() as { n: number }).n;
    return { integrity: copy.pragma('integrity_check', { simple: true }), participants };
  } finally {
    copy.close();
  }
}

describe.skipIf(onPostgres)('npm run backup on SQLite', () => {
  it('taken while 60 registrations are written is intact, one file, and the app serves it', async () => {
    const server = await startChildServer();
    const backupDir = path.join(mkdtempSync(path.join(tmpdir(), 'rd-backup-')), 'copy');
    try {
      const { runningDinner } = await createDinner(server);
      await confirmOrganiserIn(server, runningDinner.adminId);
      const register = (i: number) =>
        call(
          server,
          'POST',
          publicPath(runningDinner.publicSettings.publicDinnerId, '/register'),
          registrationForm({ email: `backup${i}@example.org` }),
        );
      // Three lanes of 20 one after another: the writes go on over the second the script takes to start and copy.
      const lane = async (offset: number) => {
        const statuses: number[] = [];
        for (let i = offset; i < 60; i += 3) statuses.push((await register(i)).status);
        return statuses;
      };
      const writes = Promise.all([0, 1, 2].map(lane));
      const run = await backup({ DATA_DIR: server.dataDir }, [backupDir]);
      const statuses = (await writes).flat();

      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const copyFile = path.join(backupDir, 'runningdinner.sqlite');
      expect(run.stdout.trim()).toBe(`backup: ${copyFile} (${statSync(copyFile).size} bytes), integrity_check ok`);
      expect(statuses).toEqual(Array(60).fill(200));
      expect(readdirSync(backupDir)).toEqual(['runningdinner.sqlite']);
      const { integrity, participants } = integrityAndParticipants(copyFile);
      expect(integrity).toBe('ok');
      expect(participants).toBeLessThanOrEqual(60);

      // No mails folder is needed: the app makes it when it writes the first mail.
      const restored = await startChildServer({}, { dataDir: backupDir });
      try {
        const dinner = await call(restored, 'GET', adminPath(runningDinner.adminId));
        expect(dinner.status).toBe(200);
        expect(dinner.json.basicDetails.title).toBe(runningDinner.basicDetails.title);
        const list = (await call(restored, 'GET', participantsPath(runningDinner.adminId, '/participants'))).json;
        expect(
          list.participants.length + list.participantsWaitingList.length + list.unconfirmedParticipants.length,
        ).toBe(participants);
      } finally {
        await restored.stop();
      }
    } finally {
      await server.stop();
      rmSync(path.dirname(backupDir), { recursive: true, force: true });
    }
  });

  it('writes to <DATA_DIR>/backups/<timestamp>/ by default and refuses to overwrite a backup', async () => {
    const server = await startChildServer();
    await server.stop({ keepData: true });
    try {
      const first = await backup({ DATA_DIR: server.dataDir });
      expect(first.code).toBe(0);
      const copyFile = /^backup: (\S+) \(/.exec(first.stdout)![1];
      expect(path.relative(server.dataDir, copyFile)).toMatch(
        /^backups\/\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\/runningdinner\.sqlite$/,
      );
      const size = statSync(copyFile).size;

      const again = await backup({ DATA_DIR: server.dataDir }, [path.dirname(copyFile)]);
      expect(again.code).toBe(1);
      expect(again.stdout).toBe('');
      expect(again.stderr.trim()).toBe(
        `backup: ${copyFile} already exists; a backup is never overwritten, give another folder`,
      );
      expect(statSync(copyFile).size).toBe(size);
      expect(integrityAndParticipants(copyFile).integrity).toBe('ok');
    } finally {
      rmSync(server.dataDir, { recursive: true, force: true });
    }
  });
});

describe('npm run backup on PostgreSQL', () => {
  it('prints the pg_dump and pg_restore commands with the password masked and writes nothing', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rd-backup-pg-'));
    try {
      // Port 1 answers nobody: the script must not connect.
      const run = await backup({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://u:secret@127.0.0.1:1/x' }, [
        path.join(dataDir, 'copy'),
      ]);
      expect(run.code).toBe(0);
      expect(run.stderr).toBe('');
      expect(run.stdout).toContain(
        'pg_dump --format=custom --file=runningdinner.dump "postgres://u:***@127.0.0.1:1/x"',
      );
      expect(run.stdout).toContain('pg_restore');
      expect(run.stdout).not.toContain('secret');
      expect(existsSync(path.join(dataDir, 'copy'))).toBe(false);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
