/**
 * The parser's own findings on samples/broken.route, written once for every suite that checks
 * them: the protocol tests (the built server), the end-to-end suite (the Problems panel) and
 * the desktop suite (test/vscode/suite/diagnostics.test.ts, bundled by esbuild). Route expansion adds its findings to these (by the hub, or offline).
 */

/** One expected diagnostic; lines and columns one-based, `to` exclusive (as VS Code shows them). */
export interface ExpectedDiagnostic {
  line: number;
  from: number;
  to: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  code: string;
  /** A part of the message that says what is wrong. */
  message: string;
}

/**
 * The parser's own findings on samples/broken.route, one typical mistake per route; route
 * expansion adds its findings to these (by the hub, or from navdata offline).
 */
export const BROKEN_ROUTE_LOCAL: ExpectedDiagnostic[] = [
  { line: 4, from: 15, to: 20, severity: 'warning', code: 'R206', message: 'write DCT between DVR and KONAN' },
  { line: 7, from: 19, to: 22, severity: 'error', code: 'R205', message: 'DCT cannot follow ATS route UL9' },
  {
    line: 10,
    from: 19,
    to: 24,
    severity: 'error',
    code: 'R203',
    message: 'ATS route UL9 and ATS route UL607 need their joining point',
  },
  {
    line: 13,
    from: 6,
    to: 10,
    severity: 'warning',
    code: 'R210',
    message: 'flight level F355 is not a usual cruising level',
  },
  { line: 16, from: 21, to: 23, severity: 'error', code: 'R105', message: 'latitude 95°N out of range' },
  { line: 19, from: 1, to: 10, severity: 'warning', code: 'R102', message: 'N0450F350' },
  { line: 19, from: 11, to: 14, severity: 'warning', code: 'R102', message: 'DVR' },
  { line: 19, from: 15, to: 18, severity: 'warning', code: 'R102', message: 'UL9' },
  { line: 19, from: 19, to: 24, severity: 'warning', code: 'R102', message: 'KONAN' },
  { line: 22, from: 1, to: 4, severity: 'error', code: 'R201', message: 'must begin with a speed/level group' },
  { line: 22, from: 5, to: 14, severity: 'error', code: 'R209', message: "must be attached to a point with '/'" },
  {
    line: 25,
    from: 19,
    to: 20,
    severity: 'error',
    code: 'R202',
    message: 'ATS route UL9 must be followed by the point where it is left',
  },
  {
    line: 25,
    from: 19,
    to: 20,
    severity: 'error',
    code: 'R211',
    message: 'T (truncation) may appear only as the last element',
  },
];
