/**
 * The airspace domain: an airspace's vertical limits and its schedule, as the flight judges them
 * (flight/levels.ts, flight/schedule.ts) and the map labels them. The hub's GeoJSON answers and
 * local airspace files carry these fields as they are (hub/geojson.ts validates them); nothing
 * here knows the wire format.
 */

/** One vertical limit: a value in a unit above a reference (`{ value: '245', uom: 'FL', reference: 'STD' }`). */
export interface VerticalLimit {
  uom?: string;
  value?: string;
  reference?: string;
}

/** One period in which an airspace is active: days, dates and times of day. */
export interface AirspaceSchedule {
  day?: string;
  dayTil?: string;
  startDate?: string;
  startTime?: string;
  endDate?: string;
  endTime?: string;
  timeReference?: string;
}
