// Types of install-lock.mjs for the unit tests.
export interface LockOwner {
  pid: number;
  host: string;
  started?: string;
  token?: string;
}
export declare const LOCK_REFRESH_MS: number;
export declare const LOCK_STALE_MS: number;
export declare function processStartTime(pid: number): string | undefined;
export declare function readLockOwner(lock: string): LockOwner | undefined;
export declare function staleLockReason(lock: string, owner: LockOwner | undefined, now?: number): string | undefined;
export declare function withInstallLock<T>(
  cache: string,
  body: () => Promise<T>,
  options?: { say?: (message: string) => void; waitMs?: number; pollMs?: number },
): Promise<T>;
export declare function recordLockedProcess(cache: string, pid: number): void;
