// Types of proc.mjs for the TypeScript e2e harness (only what it uses).
export declare function stopAll(graceMs?: number): Promise<void>;
export declare function exitOnSignals(before?: (signal: string) => unknown): void;
