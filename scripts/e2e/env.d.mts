// Types of env.mjs for the unit tests and the TypeScript harness.
export interface E2eEnvironment {
  cache: string;
  node: string;
  codeServerEntry: string;
  chromium?: string;
}
export declare const CODE_SERVER_VERSION: string;
export declare const NODE_VERSION: string;
/** The browser the tests drive: Debian's Chromium headless shell, or CHROMIUM_PATH. */
export declare const CHROMIUM: string;
/** Its options for every page the tests drive. */
export declare const CHROMIUM_ARGS: string[];
export declare function cacheRoot(): string;
export declare function writeMarker(folder: string, what: Record<string, string>): void;
export declare function hasMarker(folder: string, what: Record<string, string>): boolean;
export declare function nodePaths(cache: string): {
  prefix: string;
  home: string;
  bin: string;
  marker: Record<string, string>;
};
export declare function installedNode(cache: string): ReturnType<typeof nodePaths> | undefined;
export declare function codeServerPaths(cache: string): {
  prefix: string;
  pkg: string;
  entry: string;
  marker: Record<string, string>;
};
export declare function installedCodeServer(cache: string): ReturnType<typeof codeServerPaths> | undefined;
export declare function installedE2eEnvironment(options?: { browser?: boolean }): E2eEnvironment | undefined;
export declare function missingE2eEnvironment(options?: { browser?: boolean }): string | undefined;
export declare function ensureE2eEnvironment(options?: { browser?: boolean }): Promise<E2eEnvironment>;
export declare function adminRunner(
  missing: string[],
  how: { root: boolean; sudo: boolean; sudoInstalled?: boolean },
  retry?: string,
): (args: string[]) => [string, string[]];
