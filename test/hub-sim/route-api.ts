import type { SimRequest, SimResponse } from './http';
import type { SimContext } from './context';
import { serverErrorPage } from './http';
export function routeExpansion(_r: SimRequest, _c: SimContext): SimResponse { return serverErrorPage(); }
