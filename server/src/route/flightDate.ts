/**
 * The date a route is flown on, for what changes with the date (the magnetic variation): an FPL
 * message's DOF/, else the reference clock's today (route/clock.ts), else now. Pure.
 */
import type { RouteBlock } from './model';
import { referenceNow } from './clock';
import { dateOf } from './fplOther';

export function flightDateMs(block: RouteBlock): number {
  const dof = block.fpl?.otherInformation.find((i) => i.indicator.toUpperCase() === 'DOF');
  const date = dof ? dateOf(dof.value.trim()) : undefined;
  return date ?? referenceNow() ?? Date.now();
}
