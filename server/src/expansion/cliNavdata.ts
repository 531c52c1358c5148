/**
 * `check --navdata <folder>`: every route block is expanded offline with the navigation data
 * of a folder, and the expansion's findings join the local ones; `--format json` carries the
 * expanded points in each block's `expansion`. A folder without usable data ends the run with
 * one clear line.
 */
import type { RouteDiagnostic, RouteDocument } from '../route/model';
import { loadNavDatabase, NavDataError } from '../navdata';
import { expandRoute } from './index';

/** The part of the checker's file report this enricher reads and fills. */
export interface NavdataReport {
  document: RouteDocument;
  findings: RouteDiagnostic[];
  blocks: { expansion?: unknown }[];
}

export interface NavdataEnricher {
  enrich(report: NavdataReport): Promise<void>;
}

/** Loads the data once, before any file; `fail` makes the checker's own failure (exit code 2). */
export async function createNavdataEnricher(folder: string, fail: (message: string) => Error): Promise<NavdataEnricher> {
  const db = await loadNavDatabase(folder).catch((error: unknown) => {
    throw fail(error instanceof NavDataError ? error.message : `navigation data: ${error instanceof Error ? error.message : String(error)}`);
  });
  return {
    async enrich(report) {
      report.document.blocks.forEach((block, i) => {
        if (block.elements.length === 0) return;
        const result = expandRoute(block, db);
        report.findings.push(...result.findings);
        const facts = report.blocks[i];
        if (facts) facts.expansion = { source: 'navdata', ...result };
      });
    },
  };
}
