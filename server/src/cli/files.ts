/**
 * Which files the checker reads, and how: folders are walked for `*.route` files, following
 * symbolic links (a link loop is walked once), and only regular files are read: a FIFO, a socket
 * or a device would block the run or never end, so each is refused with one clear line.
 */
import { constants, promises as fs, type Stats } from 'node:fs';
import * as path from 'node:path';

/** A path the checker could not use; printed as `file: cannot read: message`. */
export interface Problem {
  file: string;
  message: string;
}

/** A path that exists but is not a regular file. */
export class NotRegularFile extends Error {
  constructor(stats: Stats) {
    super(`${kindOf(stats)}, not a regular file: only regular .route files are checked`);
  }
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'is a folder';
  if (stats.isFIFO()) return 'is a FIFO (named pipe)';
  if (stats.isSocket()) return 'is a socket';
  if (stats.isCharacterDevice()) return 'is a character device';
  if (stats.isBlockDevice()) return 'is a block device';
  return 'is not a file';
}

export function readError(error: unknown): string {
  if (error instanceof NotRegularFile) return error.message;
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or folder';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a folder';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The files to check: each path named (a file must be a regular file), and every `*.route`
 * below each folder. Paths that cannot be used become problems; the rest are still listed.
 */
export async function listRouteFiles(paths: string[], problems: Problem[]): Promise<string[]> {
  const files: string[] = [];
  const visited = new Set<string>();
  for (const p of paths) {
    try {
      const stats = await fs.stat(p);
      if (stats.isDirectory()) await walk(p, stats, visited, files, problems);
      else if (stats.isFile()) files.push(p);
      else throw new NotRegularFile(stats);
    } catch (error) {
      problems.push({ file: p, message: readError(error) });
    }
  }
  return files;
}

/** Folders are known by device and inode, so a link back up the tree is not walked again. */
async function walk(
  folder: string,
  stats: Stats,
  visited: Set<string>,
  files: string[],
  problems: Problem[],
): Promise<void> {
  const id = `${stats.dev}:${stats.ino}`;
  if (visited.has(id)) return;
  visited.add(id);
  let entries;
  try {
    entries = await fs.readdir(folder, { withFileTypes: true });
  } catch (error) {
    problems.push({ file: folder, message: readError(error) });
    return;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(folder, entry.name);
    const isRoute = entry.name.endsWith('.route');
    if (entry.isDirectory()) {
      if (skipped(entry.name)) continue;
      const sub = await statOrProblem(full, problems);
      if (sub) await walk(full, sub, visited, files, problems);
    } else if (entry.isSymbolicLink()) {
      const target = await statOrProblem(full, problems, isRoute);
      if (!target) continue;
      if (target.isDirectory() && !skipped(entry.name)) await walk(full, target, visited, files, problems);
      else if (isRoute && target.isFile()) files.push(full);
      else if (isRoute && !target.isDirectory())
        problems.push({ file: full, message: new NotRegularFile(target).message });
    } else if (isRoute) {
      if (entry.isFile()) files.push(full);
      else problems.push({ file: full, message: readError(new NotRegularFile(await fs.lstat(full))) });
    }
  }
}

function skipped(name: string): boolean {
  return name === 'node_modules' || name.startsWith('.');
}

/** The target's stats; a link that leads nowhere is a problem only where it names a .route file. */
async function statOrProblem(full: string, problems: Problem[], report = true): Promise<Stats | undefined> {
  try {
    return await fs.stat(full);
  } catch (error) {
    if (report) {
      const code = (error as NodeJS.ErrnoException)?.code;
      problems.push({
        file: full,
        message: code === 'ENOENT' ? 'broken symbolic link: its target does not exist' : readError(error),
      });
    }
    return undefined;
  }
}

/**
 * The text of a regular file. It is opened without blocking and checked on the open handle, so
 * a FIFO put in its place after the listing is refused too instead of hanging the run.
 */
export async function readRouteFile(file: string): Promise<string> {
  const handle = await fs.open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new NotRegularFile(stats);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}
