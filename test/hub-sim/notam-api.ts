import type { SimRequest, SimResponse } from './http';
import type { SimContext } from './context';
import { serverErrorPage } from './http';
export function firNotams(_r: SimRequest, _c: SimContext): SimResponse { return serverErrorPage(); }
export function aerodromeNotams(_r: SimRequest, _c: SimContext): SimResponse { return serverErrorPage(); }
