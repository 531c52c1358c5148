// Types of session.mjs for the TypeScript e2e harness.
import type { ChildProcess } from 'node:child_process';
import type { CodeServerLeases } from './pool.mjs';

export declare const REPO: string;
export declare const VSIX: string;
export declare const SAMPLES: string;
export declare const NAVDATA_FIXTURE: string;
export declare const DEMO_KEY: string;
export declare const WORKBENCH_SETTINGS: Record<string, unknown>;
export { CHROMIUM_ARGS } from './env.mjs';

export interface VsCodeSession {
  url: string;
  folderUrl: string;
  workspace: string;
  files: string[];
  userDataDir: string;
  hubUrl?: string;
  chromium?: string;
  codeServer: ChildProcess;
  stop(): Promise<void>;
}

export declare function startVsCodeSession(options: {
  stateDir: string;
  workspace: string;
  port?: number;
  browser?: boolean;
  hub?: boolean;
  /** Hub simulator arguments, e.g. an answer variant (`['--notams', 'v1-aixm']`). */
  hubArgs?: string[];
  logFile?: string;
  /** Extension settings of this session, over the defaults (a suite's own choices). */
  settings?: Record<string, unknown>;
}): Promise<VsCodeSession>;
export interface PooledSession {
  url: string;
  folderUrl: string;
  workspace: string;
  files: string[];
  userDataDir: string;
  hubUrl?: string;
  chromium?: string;
  /** Chromium's --disk-cache-dir for this session's browser (kept from one file to the next). */
  browserCacheDir: string;
  stop(): Promise<void>;
}

export declare function startPooledSession(options: {
  pool: CodeServerLeases;
  stateDir: string;
  workspace: string;
  hub?: boolean;
  hubArgs?: string[];
  settings?: Record<string, unknown>;
}): Promise<PooledSession>;
export declare function resetProfile(userDataDir: string, settings: Record<string, unknown>): void;
export declare function profileSettingsRewritten(userDataDir: string, settings: Record<string, unknown>): string[];
export declare function packageExtension(options?: { logFile?: string }): Promise<string>;
export declare function prepareWorkspace(folder: string): string[];
export declare function extensionSettings(hubUrl?: string): Record<string, unknown>;
export declare const LIKELY_REAL_HUB_ARGS: string[];
export declare const LIKELY_REAL_SETTINGS: Record<string, unknown>;
