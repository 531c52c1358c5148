/** What a fault that replaces the answer answers, in each family's own way. */
import type { ActiveFault } from './faults';
import {
  SimRequest,
  SimResponse,
  notFoundPage,
  restrictedPage,
  serverErrorPage,
  unauthorizedPage,
  usageLimitPage,
} from './http';
import { referenceError } from './reference';

export function hubFaultAnswer(fault: ActiveFault): SimResponse | undefined {
  switch (fault.kind) {
    case 'serverError':
      return serverErrorPage();
    case 'forbidden':
      return restrictedPage('requested');
    case 'unauthorized':
      return unauthorizedPage('the user_key is not valid');
    case 'usageLimit':
      return usageLimitPage();
    case 'notFound':
      return notFoundPage('The requested item');
    default:
      return undefined;
  }
}

export function referenceFaultAnswer(req: SimRequest, fault: ActiveFault): SimResponse | undefined {
  switch (fault.kind) {
    case 'serverError':
      return referenceError(req, 500, 'SERVER_ERROR', 'An unexpected error occurred; quote the error id to support');
    case 'forbidden':
      return referenceError(req, 403, 'FORBIDDEN', 'The application has no permission for this API');
    case 'unauthorized':
      return referenceError(req, 401, 'UNAUTHORIZED', 'application is not active or appId/appKey is invalid');
    case 'usageLimit':
      return referenceError(req, 403, 'USAGE_LIMIT_EXCEEDED', 'The usage limit of the application has been exceeded');
    case 'notFound':
      return referenceError(req, 404, 'NOT_FOUND', 'The requested item was not found');
    default:
      return undefined;
  }
}
