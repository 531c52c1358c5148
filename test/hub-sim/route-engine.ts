/**
 * Route expansion as the simulated hub does it: the simulator's own reading of the navigation
 * data (navdata.ts) and of route text (route-text.ts), and its own expander (expander.ts),
 * loaded once at start. Nothing here comes from the product, so comparing the two is a test.
 */
import { loadNavData, type NavData } from './navdata';
import { expandRouteText, oneAirwayApart, type ExpansionAnswer, type RouteRequest } from './expander';

export type { RouteRequest, ExpansionAnswer, Waypoint } from './expander';

export interface RouteEngine {
  /** Why expansion is unavailable (no navigation data in the folder), or undefined when it works. */
  unavailable?: string;
  /** Undefined when unavailable. */
  expand(request: RouteRequest): ExpansionAnswer | undefined;
  /** The route with one airway swapped for another joining the same points, if the data has one. */
  oneAirwayApart(routeText: string): string | undefined;
}

export function createRouteEngine(navdataFolder: string): RouteEngine {
  let data: NavData | undefined;
  let unavailable: string | undefined;
  try {
    data = loadNavData(navdataFolder);
    if (!data) unavailable = `route expansion unavailable: no fix.dat, nav.dat or awy.dat in ${navdataFolder}`;
  } catch (error) {
    unavailable = `route expansion unavailable: navigation data in ${navdataFolder} did not load (${(error as Error).message})`;
  }
  return {
    ...(unavailable !== undefined ? { unavailable } : {}),
    expand: (request) => (data ? expandRouteText(data, request) : undefined),
    oneAirwayApart: (routeText) => (data ? oneAirwayApart(data, routeText) : undefined),
  };
}
