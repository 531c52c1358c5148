import type { SimRequest, SimResponse } from './http';
import type { SimContext } from './context';
import { serverErrorPage } from './http';
export function firAirspaces(_r: SimRequest, _c: SimContext): SimResponse { return serverErrorPage(); }
export function countryAirspaces(_r: SimRequest, _c: SimContext): SimResponse { return serverErrorPage(); }
export function microlights(_r: SimRequest, _c: SimContext): SimResponse { return serverErrorPage(); }
