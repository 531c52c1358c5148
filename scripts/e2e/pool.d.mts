// Types of pool.mjs for the TypeScript e2e harness.
export declare const POOL_ENVIRONMENT: string;

export interface CodeServerLease {
  id: string;
  url: string;
  userDataDir: string;
  stateDir: string;
  chromium?: string;
}

/** What a test file needs of a pool: the one of its run (connectPool) or its own. */
export interface CodeServerLeases {
  acquire(options: { hubKey?: string; settings: Record<string, unknown> }): Promise<CodeServerLease>;
  /** `rewritten`: the harness's own settings the window changed (a VS Code migration). */
  release(id: string): Promise<{ rewritten: string[] }> | { rewritten: string[] };
}

export declare function windowProcesses(pgid: number): string[];

export declare class CodeServerPool implements CodeServerLeases {
  constructor(root: string);
  warmUp(hubKeys: (string | undefined)[]): void;
  acquire(options: { hubKey?: string; settings: Record<string, unknown> }): Promise<CodeServerLease>;
  release(id: string): { rewritten: string[] };
  stop(): Promise<void>;
}

export declare function servePool(pool: CodeServerPool): Promise<{ url: string; close(): void }>;
export declare function connectPool(url: string): CodeServerLeases;
export declare const UNUSED_BUILTIN_EXTENSIONS: string[];
