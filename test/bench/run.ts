/**
 * `npm run bench`: runs every `*.bench.ts` beside this file in one process, one after the other,
 * and prints their figures. Speed on these shared machines is noisy, so each bench reports ratios
 * against a baseline measured in the same run wherever a target is stated as one.
 *
 * A bench module exports `name` and `run(): Promise<BenchFigure[]>`.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchFigure {
  /** What was measured, e.g. "parse throughput". */
  label: string;
  value: number;
  unit: string;
  /** The stated target, e.g. "< 5x split"; shown beside the figure. */
  target?: string;
  /** Whether the target is met, when there is one. */
  ok?: boolean;
}

const here = __dirname;
const only = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

async function main(): Promise<void> {
  let failedTargets = 0;
  for (const file of files) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(join(here, file)) as {
      name: string;
      run: () => Promise<BenchFigure[]>;
    };
    console.log(`\n## ${mod.name}`);
    for (const f of await mod.run()) {
      const value = Number.isInteger(f.value) ? String(f.value) : f.value.toPrecision(4);
      const target = f.target ? `  (target ${f.target}: ${f.ok ? 'met' : 'MISSED'})` : '';
      if (f.target && !f.ok) failedTargets++;
      console.log(`${f.label.padEnd(58)} ${value.padStart(12)} ${f.unit}${target}`);
    }
  }
  console.log(failedTargets === 0 ? '\nall targets met' : `\n${failedTargets} target(s) missed`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
