/**
 * What the map knows for this flight, from the areas mapView.ts has already placed along the
 * route and judged (server/src/flight): the verdict on each, the crossing table and the
 * vertical profile. Pure; the same judged areas feed the conflict diagnostics
 * (flight/conflicts.ts).
 */
import { stateAt, type Applicability, type FlightProfile } from '../flight';
import type { JudgedArea } from '../flight/judgedArea';
import { clockUtc } from '../flight/flightTime';
import { isConflictKind } from '../flight/conflictAreas';
import { bandText, type LevelBand } from '../flight/levels';
import type { MapActivity, MapCrossingRow, MapFir, MapProfile, MapVerdict } from '../../../common/protocol/mapMessages';

/** Where the profile draws an area without a ceiling (UNL, or a NOTAM without limits): FL660. */
export const PROFILE_TOP_FT = 66_000;

function eto(profile: FlightProfile, alongNm: number): string | undefined {
  const ms = stateAt(profile, alongNm).etoMs;
  return ms === undefined ? undefined : clockUtc(ms);
}

/** The verdict the page shows: of the first stretch that applies, else of the first stretch. */
export function verdictOf(applicability: Applicability): MapVerdict {
  const chosen = applicability.stretches.find((s) => s.applies) ?? applicability.stretches[0];
  const activity: MapActivity = chosen ? chosen.time : 'unknown';
  const verdict: MapVerdict = { applies: applicability.applies, activity, reason: applicability.reason };
  if (chosen?.activeWindow) verdict.activeWindow = chosen.activeWindow;
  return verdict;
}

function levelsText(band: LevelBand | undefined, levelText: string): string {
  return band ? bandText(band) : levelText;
}

/**
 * Whether the flight passes through the area's drawn outline at its level while it is active, and
 * the area is of a kind that makes a conflict (flight/conflictAreas.ts): the table's mark, the
 * verdict's `conflict`.
 */
export function isConflict(area: JudgedArea): boolean {
  return (
    area.drawnCrossing &&
    area.applicability.lateral === 'crossed' &&
    isConflictKind(area.kind, area.type) &&
    area.applicability.stretches.some((s) => s.applies && s.time === 'active')
  );
}

/** The crossing table: every stretch of the route in a FIR, an airspace or a NOTAM's drawn area, in order along the route. */
export function crossingRows(firs: readonly MapFir[], judged: readonly JudgedArea[], profile: FlightProfile) {
  const rows: MapCrossingRow[] = [];
  const timed = (row: MapCrossingRow): MapCrossingRow => {
    const entry = eto(profile, row.entryNm),
      exit = eto(profile, row.exitNm);
    if (entry) row.entryEto = entry;
    if (exit) row.exitEto = exit;
    return row;
  };
  for (const fir of firs) {
    for (const c of fir.crossings ?? []) {
      const flight = stateOverLevels(profile, c.entryNm, c.exitNm);
      rows.push(
        timed({
          itemId: fir.id,
          kind: 'fir',
          name: `${fir.designator} ${fir.name}`.trim(),
          entryNm: round1(c.entryNm),
          exitNm: round1(c.exitNm),
          limits: '',
          flightLevels: flight,
          activity: 'active',
          applies: true,
          reason:
            `In the FIR ${fir.designator} from ${Math.round(c.entryNm)} to ${Math.round(c.exitNm)} NM along the route` +
            `${fir.boundary ? `, by ${fir.boundary}` : ''}.`,
        }),
      );
    }
  }
  for (const area of judged) {
    if (!area.drawnCrossing || area.applicability.lateral !== 'crossed') continue;
    const conflictKind = isConflictKind(area.kind, area.type);
    for (const s of area.applicability.stretches) {
      rows.push(
        timed({
          ...(conflictKind && s.applies && s.time === 'active' ? { conflict: true } : {}),
          itemId: area.itemId,
          kind: area.kind,
          name: area.name,
          entryNm: round1(s.entryNm),
          exitNm: round1(s.exitNm),
          limits: area.limits,
          flightLevels: levelsText(s.flight.band, s.flight.levelText),
          activity: s.time,
          applies: s.applies,
          reason: s.reason,
        }),
      );
    }
  }
  const order = { fir: 0, airspace: 1, notam: 2 };
  return rows.sort((a, b) => a.entryNm - b.entryNm || order[a.kind] - order[b.kind] || a.exitNm - b.exitNm);
}

function stateOverLevels(profile: FlightProfile, entryNm: number, exitNm: number): string {
  const legs = profile.legs.filter((l) => l.endNm > entryNm && l.startNm < exitNm);
  let band: LevelBand | undefined;
  const texts: string[] = [];
  for (const l of legs) {
    if (!texts.includes(l.levelText)) texts.push(l.levelText);
    if (!l.band) return texts.join(', then ');
    band = band
      ? { lowerFt: Math.min(band.lowerFt, l.band.lowerFt), upperFt: Math.max(band.upperFt, l.band.upperFt) }
      : l.band;
  }
  return band ? bandText(band) : 'level not given';
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * The vertical profile: the flight's altitude along the route (the climb to the top of climb,
 * the changes of level, the descent from the top of descent; flight/vertical.ts) and a box for
 * every stretch of an area the route passes through. `pointIds` are the view's ids of the
 * profile's points, in order.
 */
export function profileView(
  profile: FlightProfile,
  pointIds: readonly string[],
  judged: readonly JudgedArea[],
): MapProfile {
  const flight: MapProfile['flight'] = [];
  const add = (alongNm: number, feet: number) => {
    const point = { alongNm: round1(alongNm), feet: Math.round(feet) };
    const last = flight[flight.length - 1];
    if (last && last.alongNm === point.alongNm && last.feet === point.feet) return;
    flight.push(point);
  };
  // The lower end of the levels flown: the level, or the bottom of a cruise climb's layer.
  for (const segment of profile.vertical) {
    add(segment.fromNm, segment.fromFt);
    add(segment.toNm, segment.toFt);
  }
  const marks: NonNullable<MapProfile['marks']> = [];
  for (const [name, mark] of [
    ['TOC', profile.topOfClimb],
    ['TOD', profile.topOfDescent],
  ] as const) {
    if (!mark) continue;
    marks.push({
      name,
      alongNm: round1(mark.alongNm),
      feet: Math.round(mark.feet),
      ...(mark.etoMs !== undefined ? { eto: clockUtc(mark.etoMs) } : {}),
    });
  }
  const points: MapProfile['points'] = profile.points.map((p, i) => {
    const point: MapProfile['points'][number] = {
      id: pointIds[i] ?? `p${i}`,
      name: p.designator,
      alongNm: round1(p.alongNm),
    };
    if (p.etoMs !== undefined) point.eto = clockUtc(p.etoMs);
    return point;
  });
  const areas: MapProfile['areas'] = [];
  for (const area of judged) {
    if (!area.drawnCrossing || area.applicability.lateral !== 'crossed') continue;
    for (const s of area.applicability.stretches) {
      areas.push({
        itemId: area.itemId,
        kind: area.kind,
        name: area.name,
        fromNm: round1(s.entryNm),
        toNm: round1(s.exitNm),
        floorFt: Math.round(Math.min(area.band?.lowerFt ?? 0, PROFILE_TOP_FT)),
        ceilingFt: Math.round(Math.min(area.band?.upperFt ?? Infinity, PROFILE_TOP_FT)),
        label: area.limits,
        applies: s.applies,
        ...(area.openLimits ? { openLimit: { side: area.openLimits.side, why: area.openLimits.why } } : {}),
      });
    }
  }
  return { totalNm: round1(profile.totalNm), flight, ...(marks.length > 0 ? { marks } : {}), points, areas };
}
