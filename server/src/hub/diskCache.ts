/**
 * The airline reference cache on disk: the reference family asks clients to download reference
 * data, cache it and refresh it at least weekly. One JSON file per request (never holding a
 * credential), written atomically, readable by the user alone, in a folder of its own inside the
 * cache folder (whose own mode is left as it is); a damaged file, or one whose
 * value the caller's reader refuses (the same reader as the network's answers), is treated as
 * absent.
 */
import { createHash } from 'node:crypto';
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DiskEntry<T> {
  key: string;
  fetchedAt: number;
  value: T;
}

/**
 * The cache's own folder inside the one it is given (icaoRoute.reference.cacheFolder, or the
 * extension's storage folder): only this one is made readable by the user alone. A folder the
 * user names may hold other things and keeps its mode.
 */
export const CACHE_SUBFOLDER = 'icao-route-reference-cache';

export class DiskCache {
  private readonly folder: string;

  constructor(parent: string) {
    this.folder = join(parent, CACHE_SUBFOLDER);
  }

  private file(key: string): string {
    return join(this.folder, `reference-${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  }

  /** The entry, its value read by `readValue` (which throws on a value of the wrong shape). */
  async read<T>(key: string, readValue: (value: unknown) => T): Promise<DiskEntry<T> | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.file(key), 'utf8')) as Partial<DiskEntry<unknown>> | null;
      if (entry && entry.key === key && typeof entry.fetchedAt === 'number' && Number.isFinite(entry.fetchedAt))
        return { key, fetchedAt: entry.fetchedAt, value: readValue(entry.value) };
    } catch {
      // Missing, damaged or of the wrong shape: fetch afresh.
    }
    return undefined;
  }

  async write<T>(key: string, value: T, fetchedAt: number): Promise<void> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    // mkdir's mode applies only to a folder it creates: an older one of ours may be open to others.
    await chmod(this.folder, 0o700);
    const file = this.file(key);
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, JSON.stringify({ key, fetchedAt, value } satisfies DiskEntry<T>), { mode: 0o600 });
    await rename(temp, file);
  }
}
