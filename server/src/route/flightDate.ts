/**
 * The date a route is flown on, for what changes with the date (the magnetic variation): an FPL
 * message's DOF/, a route's `departure:` with a date, else the reference clock's today
 * (route/clock.ts), else now. Pure.
 */
import type { RouteBlock } from './model';
import { referenceNow } from './clock';
import { departureOf } from './departure';
import { dateOf } from './fplOther';

export function flightDateMs(block: RouteBlock): number {
  return datedMs(block) ?? referenceNow() ?? Date.now();
}

function datedMs(block: RouteBlock): number | undefined {
  if (block.fpl) {
    const dof = block.fpl.otherInformation.find((i) => i.indicator.toUpperCase() === 'DOF');
    return dof ? dateOf(dof.value.trim()) : undefined;
  }
  const departure = departureOf(block);
  return departure && 'time' in departure && departure.time.kind === 'dateTime' ? departure.time.ms : undefined;
}
