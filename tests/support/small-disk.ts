import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';

/** Mounting a file system takes root; CI runs as root. */
export const canMountSmallDisk = process.getuid?.() === 0;

/** A real small disk (tmpfs) at `dir` that a test fills to the last byte and frees again. */
export interface SmallDisk {
  /** Writes a filler file until the disk refuses (ENOSPC). */
  fill(): void;
  free(): void;
  unmount(): void;
}

export function mountSmallDisk(dir: string, size = '8m'): SmallDisk {
  mkdirSync(dir, { recursive: true });
  execFileSync('/usr/bin/mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  const filler = `${dir}/.filler`;
  return {
    fill() {
      const fd = openSync(filler, 'a');
      const block = Buffer.alloc(64 * 1024);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        // The last bytes, smaller than a block.
        try {
          for (;;) writeSync(fd, block, 0, 512);
        } catch {}
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount: () => execFileSync('/usr/bin/umount', ['-l', dir]),
  };
}
