/**
 * The airline reference cache on disk: the reference family asks clients to download reference
 * data, cache it and refresh it at least weekly. One JSON file per request (never holding a
 * credential), written atomically; a damaged file is treated as absent.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface DiskEntry<T> {
  key: string;
  fetchedAt: number;
  value: T;
}

export class DiskCache {
  constructor(private readonly folder: string) {}

  private file(key: string): string {
    return join(this.folder, `reference-${createHash('sha256').update(key).digest('hex').slice(0, 32)}.json`);
  }

  async read<T>(key: string): Promise<DiskEntry<T> | undefined> {
    try {
      const entry = JSON.parse(await readFile(this.file(key), 'utf8')) as DiskEntry<T>;
      if (entry && entry.key === key && typeof entry.fetchedAt === 'number' && entry.value !== undefined) return entry;
    } catch {
      // Missing or damaged: fetch afresh.
    }
    return undefined;
  }

  async write<T>(key: string, value: T, fetchedAt: number): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const file = this.file(key);
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(temp, JSON.stringify({ key, fetchedAt, value } satisfies DiskEntry<T>));
    await rename(temp, file);
  }
}
