/**
 * The remote service clients (the hub, the airline reference): the only place the extension talks to the network.
 *
 * - `HubClient`: the hub family (user_key), all 18 endpoints plus link-following navigation.
 * - `ReferenceClient`: the airline reference family (appId/appKey): airlines and flight status.
 * - `ServiceError`: the one error family of both, with a `kind` the editor can explain; its
 *   subclasses `HubError` and `AirlineReferenceError` say which service failed.
 * - `expansionFromHub`: the hub's route expansion as the shared ExpansionResult.
 */
export * from '../../../common/endpoints';
export {
  checkBaseUrl,
  DEFAULT_HTTP_SETTINGS,
  hubSettings,
  isLoopbackHost,
  referenceSettings,
  type EndpointOverride,
  type HttpSettings,
  type HubSettings,
  type ReferenceSettings,
} from './config';
export { AirlineReferenceError, HubError, isServiceError, ServiceError, type ServiceErrorKind } from './errors';
export { redactText, redactUrl } from './redact';
export { HttpTransport } from './transport';
export * from './geojson';
export type { FlightSummary, Link } from './hubXml';
export {
  flightListNotices,
  MAX_FEATURE_CHARS,
  MAX_FLIGHTS_PER_ANSWER,
  MAX_ROUTE_TEXT_CHARS,
  type FlightList,
} from './flightAnswers';
export type { Notam } from './notams';
export * from './hubClient';
export * from './referenceClient';
export { expandBlockAtHub, expansionFromHub } from './expansionMapping';
export { readClientSettings, type ClientSettings, type HttpEnvironment } from './clientSettings';
export { parseNotamCoordinates } from './notams';
