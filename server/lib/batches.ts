import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Writes many rows a slice per statement and lets the event loop run between the slices: a statement of SQLite
 * (synchronous) holds the main thread, a save of thousands of rows in one go held it for hundreds of milliseconds.
 */
export async function inBatches<T>(
  rows: readonly T[],
  size: number,
  write: (batch: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    if (i > 0) await nextTurn();
    await write(rows.slice(i, i + size));
  }
}

/** Lets other requests run between two statements of a long write. */
export const betweenStatements = (): Promise<void> => nextTurn();
