/**
 * A test file's set-up in two lines: `const { step, context } = workbenchSuite('editor')` starts
 * the workbench before the first step and stops everything after the last. Each `step` is one
 * node:test test that leaves a screenshot in test-results/e2e/<name>/, passed or failed.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { launchWorkbench, type E2eContext } from './launch';
import type { Workbench } from './workbench';

/** `hubArgs`: simulator arguments, e.g. an answer variant (`['--notams', 'v1-aixm']`, test/hub-sim README). */
export function workbenchSuite(
  name: string,
  options: { hub?: boolean; hubArgs?: string[]; settings?: Record<string, unknown> } = {},
) {
  let context: E2eContext | undefined;

  before(
    async () => {
      context = await launchWorkbench(name, options);
    },
    { timeout: 15 * 60_000 },
  );

  after(async () => {
    await context?.close();
  });

  function step(title: string, body: (wb: Workbench, context: E2eContext) => Promise<void>): void {
    test(title, { timeout: 3 * 60_000 }, async () => {
      assert.ok(context, 'the workbench did not start (see the error of the set-up above)');
      const wb = context.workbench;
      try {
        await body(wb, context);
      } finally {
        await wb
          .screenshot(
            title
              .replace(/[^a-z0-9]+/gi, '-')
              .replace(/-+$/, '')
              .toLowerCase(),
          )
          .catch(() => undefined);
      }
    });
  }

  return { step, context: () => context };
}
