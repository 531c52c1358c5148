/** `/__control/…`: faults, the request log and settings, for tests (loopback clients only). */
import { VARIANT_VALUES, type SimSettings, type Variants } from './context';
import { FaultTable, validateFault, FaultSpec } from './faults';
import type { RequestLog } from './request-log';
import { json, SimResponse } from './http';

export interface ControlState {
  faults: FaultTable;
  log: RequestLog;
  settings: SimSettings;
  /** Settings back to the start state (and usage counts cleared). */
  resetSettings(): void;
  clearUsage(): void;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Why a `variants` object is not one, or undefined. */
export function variantsProblem(value: unknown): string | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'variants is an object';
  for (const [family, variant] of Object.entries(value)) {
    const allowed = (VARIANT_VALUES as Record<string, readonly string[]>)[family];
    if (!allowed) return `unknown variant family ${family} (${Object.keys(VARIANT_VALUES).join(', ')})`;
    if (!allowed.includes(variant as string)) return `variants.${family} is one of ${allowed.join(', ')}`;
  }
  return undefined;
}

/** Checks every field first, so a refused update changes nothing. */
function settingsUpdate(value: unknown): Partial<Record<keyof SimSettings, unknown>> | string {
  if (value === undefined) return {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'settings are a JSON object';
  const update = value as Partial<Record<keyof SimSettings, unknown>>;
  if (
    update.unresolvedPoints !== undefined &&
    update.unresolvedPoints !== 'omit' &&
    update.unresolvedPoints !== 'nullGeometry'
  )
    return 'unresolvedPoints is omit or nullGeometry';
  if (
    update.fixedNow !== undefined &&
    update.fixedNow !== null &&
    (typeof update.fixedNow !== 'string' || Number.isNaN(Date.parse(update.fixedNow)))
  )
    return 'fixedNow is an ISO time or null';
  if (update.variants !== undefined) {
    const bad = variantsProblem(update.variants);
    if (bad) return bad;
  }
  if (update.usageLimit !== undefined && update.usageLimit !== null) {
    const limit = update.usageLimit as { requests?: unknown; windowSeconds?: unknown };
    const positive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0;
    if (typeof limit !== 'object' || !positive(limit.requests) || !positive(limit.windowSeconds))
      return 'usageLimit is {requests, windowSeconds} with positive numbers, or null';
  }
  return update;
}

export function handleControl(
  remoteAddress: string | undefined,
  method: string,
  path: string,
  body: Buffer,
  state: ControlState,
): SimResponse {
  if (!LOOPBACK.has(remoteAddress ?? '')) return json({ error: 'control endpoints answer loopback clients only' }, 403);
  let parsed: unknown;
  if (body.length) {
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return json({ error: 'body is not JSON' }, 400);
    }
  }
  const { faults, log, settings } = state;
  switch (`${method} ${path}`) {
    case 'GET /__control/faults':
      return json({ faults: faults.list() });
    case 'DELETE /__control/faults':
      faults.clear();
      return json({ faults: [] });
    case 'POST /__control/faults': {
      const checked = (Array.isArray(parsed) ? parsed : [parsed]).map(validateFault);
      const problem = checked.find((c): c is string => typeof c === 'string');
      if (problem) return json({ error: problem }, 400);
      return json({ faults: (checked as FaultSpec[]).map((spec) => faults.add(spec)) }, 201);
    }
    case 'GET /__control/requests':
      return json({ requests: log.list() });
    case 'DELETE /__control/requests':
      log.clear();
      return json({ requests: [] });
    case 'GET /__control/settings':
      return json(settings);
    case 'POST /__control/settings':
    case 'PUT /__control/settings': {
      const update = settingsUpdate(parsed);
      if (typeof update === 'string') return json({ error: update }, 400);
      if (update.unresolvedPoints !== undefined)
        settings.unresolvedPoints = update.unresolvedPoints as SimSettings['unresolvedPoints'];
      if (update.variants !== undefined)
        settings.variants = { ...settings.variants, ...(update.variants as Partial<Variants>) };
      if (update.fixedNow !== undefined) settings.fixedNow = (update.fixedNow as string | null) ?? undefined;
      if (update.usageLimit !== undefined) {
        settings.usageLimit = (update.usageLimit as SimSettings['usageLimit'] | null) ?? undefined;
        state.clearUsage();
      }
      return json(settings);
    }
    case 'POST /__control/reset':
      faults.clear();
      log.clear();
      state.resetSettings();
      return json(settings);
    default:
      return json({ error: `no control endpoint ${method} ${path}` }, 404);
  }
}
