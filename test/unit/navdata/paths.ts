/** Where the navdata tests find their data, and one shared load per data set per test file. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { loadNavDatabase, type NavDatabase } from '../../../server/src/navdata/loader';

export const ROOT = path.resolve(__dirname, '../../..');
export const EXCERPT = path.join(ROOT, 'test/fixtures/navdata');
export const XPLANE11 = path.join(ROOT, 'test/fixtures/navdata/xplane11');
export const SAMPLES = path.join(ROOT, 'samples');
export const SHARED_NAVDATA = path.resolve(ROOT, '../shared/navdata');

/** A reason to skip, or false when the full navigation data is present. */
export const fullNavdataMissing: string | false = fs.existsSync(path.join(SHARED_NAVDATA, 'fix.dat.gz'))
  ? false
  : `the full navigation data is not at ${SHARED_NAVDATA} (only development and CI have it)`;

const loads = new Map<string, Promise<NavDatabase>>();

export function load(folder: string): Promise<NavDatabase> {
  let loading = loads.get(folder);
  if (!loading) loads.set(folder, (loading = loadNavDatabase(folder)));
  return loading;
}
