// Types of npm-env.mjs for the unit tests.
export declare function npmInstallEnvironment(
  env: Record<string, string | undefined>,
  options?: { nodeBin?: string; nodeDir?: string },
): Record<string, string>;
export declare function explainNpmFailure(
  output: string,
  context: { spec: string; registry: string; cache: string; retry: string },
): string | undefined;
