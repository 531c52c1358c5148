/**
 * The extension in a real VS Code (code-server in Chromium), installed from its .vsix, on the
 * sample routes: diagnostics on exact ranges, hovers, grammar colours, outline, quick fixes and
 * the server's output channel. Each test is one step and leaves a screenshot in test-results/e2e/.
 *
 * Expected values are written out here on purpose (codes, lines, columns, words of the hover): a
 * broken feature must fail this suite. Lines and columns are one-based, as VS Code shows them.
 *
 * A new feature adds a step with `step('what it shows', async (wb) => { … })` (see harness/suite.ts).
 */
import assert from 'node:assert/strict';
import {
  assertDiagnostics,
  assertNoProblems,
  BROKEN_ROUTE_LOCAL,
  EUROPE_FIRST_ROUTE,
  type ExpectedDiagnostic,
  type KeptFinding,
} from './harness/checks';
import { workbenchSuite } from './harness/suite';

// This suite checks the parser's and expansion's diagnostics file by file; the flight conflicts
// (F001/F002, information on routes that cross the simulator's active danger areas) have their own
// suite, flight.test.ts.
const { step, context: suiteContext } = workbenchSuite('editor', {
  settings: { 'icaoRoute.diagnostics.flightConflicts': false },
});

step('a .route file opens in the ICAO Route language and its server starts', async (wb) => {
  await wb.openFile('europe.route');
  assert.equal(await wb.languageMode(), 'ICAO Route');
  const output = await wb.languageServerOutput();
  assert.match(output, /ICAO Route language server \S+ (?:started|ready) \(pid \d+/);
  // The demo key reaches the server from the extension host's environment (never from settings).
  assert.match(output, /hub key set \(from environment\)/);
  assert.doesNotMatch(output, /\bdemo\b/, 'the key itself must not be logged');
  await wb.closePanel();
});

// With navigation data the samples keep the airway level findings docs/testing.md explains: the
// Heathrow–Frankfurt route flies L607 and T150 above their tops, the NAT route UN536 below its base.
const KEPT_ON_PURPOSE: Record<string, KeptFinding[]> = {
  'europe.route': [
    { code: 'X012', line: 7, token: 'L607' },
    { code: 'X012', line: 7, token: 'T150' },
  ],
  'north-atlantic.route': [{ code: 'X012', line: 12, token: 'UN536' }],
  'asia.route': [],
  'fpl-message.route': [
    { code: 'X012', line: 7, token: 'L607' },
    { code: 'X012', line: 7, token: 'T150' },
  ],
};

for (const [file, kept] of Object.entries(KEPT_ON_PURPOSE)) {
  step(`${file} has no problems but the airway levels it keeps on purpose`, async (wb) => {
    await wb.openFile(file);
    await assertNoProblems(wb, file, kept);
  });
}

step('broken.route: every mistake has its diagnostic on its exact range', async (wb) => {
  await wb.openAlone('broken.route');
  await wb.until(async () => {
    const c = await wb.problemCounts();
    return c.errors === 7 && c.warnings === 11;
  }, '7 errors and 11 warnings in the status bar');
  await assertDiagnostics(wb, 'broken.route', [
    ...BROKEN_ROUTE_LOCAL,
    // Route expansion by the hub (simulator) leaves the impossible point and the misspelt one out.
    {
      line: 16,
      from: 21,
      to: 28,
      severity: 'warning',
      code: 'H002',
      message: 'The hub left 95N020W out of its expansion',
    },
    {
      line: 28,
      from: 19,
      to: 24,
      severity: 'warning',
      code: 'H002',
      message: 'The hub left KNOAN out of its expansion',
    },
    // The airway mistakes, found on the hub's points and by the navigation data (issue 26).
    { line: 32, from: 19, to: 24, severity: 'warning', code: 'X002', message: 'UL9 does not pass KONAM' },
    { line: 35, from: 15, to: 17, severity: 'warning', code: 'X002', message: 'L6 does not pass DET' },
    { line: 35, from: 18, to: 21, severity: 'warning', code: 'X002', message: 'L6 does not pass DVR' },
  ]);
});

// The hub selects no SAM without a referenceFix. In the first route the departure settles it
// (Southampton, 1 NM from EGHI) in the navigation data: information (H005), not a warning. Only
// the last route, without origin or referenceFix, is ambiguous (H003).
const SETTLED_BY_THE_DEPARTURE: ExpectedDiagnostic = {
  line: 8,
  from: 11,
  to: 14,
  severity: 'info',
  code: 'H005',
  message:
    'The hub selected no point for the first fix SAM (4 places bear this name), but the navigation data settles it:',
};
const AMBIGUOUS: ExpectedDiagnostic = {
  line: 32,
  from: 11,
  to: 14,
  severity: 'warning',
  code: 'H003',
  message: 'The hub selected no point for the first fix SAM',
};

step(
  'ambiguous-first-fix.route: the departure settles the first SAM; only the route without origin is ambiguous',
  async (wb) => {
    await wb.openFile('ambiguous-first-fix.route');
    await assertDiagnostics(wb, 'ambiguous-first-fix.route', [SETTLED_BY_THE_DEPARTURE, AMBIGUOUS]);
  },
);

step('hovers decode speed/level groups, airways and procedures', async (wb) => {
  await wb.openFile('europe.route');
  const speedLevel = await wb.hover(7, 'N0450F350');
  assert.match(speedLevel, /speed and level/);
  assert.match(speedLevel, /450 kt TAS at FL350/);
  assert.match(await wb.hover(7, 'UL9'), /ATS route/);
  assert.match(await wb.hover(7, 'DVR6J'), /standard instrument departure/);
  assert.match(await wb.hover(7, 'ROLIS1A'), /standard arrival route/);
  assert.match(await wb.hover(7, 'DVR', 1), /navaid/);
});

step('hovers decode lat/lon points and changes of speed and level', async (wb) => {
  await wb.openFile('north-atlantic.route');
  const degrees = await wb.hover(6, '57N020W');
  assert.match(degrees, /geographic coordinates/);
  assert.match(degrees, /57°N 020°W/);
  assert.match(degrees, /57\.0000, -20\.0000/);
  const minutes = await wb.hover(12, '5330N02000W');
  assert.match(minutes, /53°30'N 020°00'W/);
  assert.match(minutes, /53\.5000, -20\.0000/);
  const change = await wb.hover(6, 'GOMUP/M083F360');
  assert.match(change, /change of speed and level/);
  assert.match(change, /Mach 0\.83 at FL360/);
});

step('hovers show the points that route expansion resolved', async (wb) => {
  await wb.openFile('ambiguous-first-fix.route');
  const ortac = await wb.hover(8, 'ORTAC');
  assert.match(ortac, /Route expansion \(the hub\)/);
  assert.match(ortac, /Resolved: named fix at 50°00\.0'N 002°00\.3'W/);
  // With `referenceFix: OCK` the hub picks Southampton among the four SAMs.
  const chosen = await wb.hover(14, 'SAM');
  assert.match(chosen, /Resolved: VOR at 50°57\.3'N 001°20\.7'W/);
  assert.match(chosen, /SOUTHAMPTON VOR-DME/);
  // Without it, none is selected, and the hover says why next to the diagnostic: the candidates
  // from the navigation data, the one the departure settles first.
  const ambiguous = await wb.hover(8, 'SAM');
  assert.match(ambiguous, /Not selected: SAM names several places/);
  assert.match(ambiguous, /H005/);
  assert.match(ambiguous, /SOUTHAMPTON VOR-DME, [^\n]*, \d+ NM from the origin/);
  assert.ok(ambiguous.indexOf('SOUTHAMPTON') < ambiguous.indexOf('SAMOS'), `Southampton listed first: ${ambiguous}`);
});

step('hovers explain aerodromes in directives and FPL fields', async (wb) => {
  await wb.openFile('north-atlantic.route');
  assert.match(await wb.hover(4, 'EGCC'), /Departure aerodrome/);
  await wb.openFile('fpl-message.route');
  assert.match(await wb.hover(6, 'EGLL1200'), /departure aerodrome and time/);
  assert.match(await wb.hover(8, 'EDDF0105'), /destination, total EET and alternates/);
  assert.match(await wb.hover(9, 'REG/DAIZB'), /aircraft registration/);
});

step('the grammar colours DCT, airways, points, coordinates and speed/level groups apart', async (wb) => {
  await wb.openFile('north-atlantic.route');
  const colours = {
    speedLevel: (await wb.token(6, 'N0480F340')).color,
    point: (await wb.token(6, 'POL')).color,
    airway: (await wb.token(6, 'UN57')).color,
    direct: (await wb.token(6, 'DCT')).color,
    latLon: (await wb.token(6, '57N020W')).color,
  };
  const distinct = new Set(Object.values(colours));
  assert.equal(distinct.size, 5, `five different colours expected: ${JSON.stringify(colours)}`);
  assert.match(await wb.tokenScopes(6, 'DCT'), /keyword\.control\.direct\.icao-route/);
  assert.match(await wb.tokenScopes(6, 'UN57'), /entity\.name\.type\.airway\.icao-route/);
  assert.match(await wb.tokenScopes(6, 'POL'), /variable\.other\.point\.icao-route/);
});

step('the outline lists each route by origin and destination with its points', async (wb) => {
  await wb.openFile('europe.route');
  assert.deepEqual(await wb.outline(), [
    'EGLL → EDDF',
    '  DVR',
    '  KONAN',
    '  RUDUS',
    '  ROLIS',
    'LFPG → LIRF',
    '  OKASI',
    '  SRN',
    '  TAQ',
    'EHAM → LEMD',
    '  LOPIK',
    '  LNO',
    '  RESMI',
    '  SAU',
    '  MITUM',
    '  PRADO',
  ]);
  await wb.openFile('fpl-message.route');
  assert.deepEqual(await wb.outline(), [
    'DLH4AB EGLL → EDDF',
    '  DVR',
    '  KONAN',
    '  RUDUS',
    '  ROLIS',
    'AFR1404 LFPG → LIRF',
    '  OKASI',
    '  SRN',
    '  TAQ',
  ]);
});

step('folding: each route block and the comment header fold', async (wb) => {
  await wb.openAlone('europe.route');
  await wb.runCommand('Fold All');
  // Comment lines 1–2 and the blocks 4–8 (with its referenceFix line), 10–13 and 15–18 fold to
  // their first line.
  await wb
    .until(
      async () => JSON.stringify(await wb.visibleLineNumbers()) === JSON.stringify([1, 3, 4, 9, 10, 14, 15, 19]),
      'lines 1, 3, 4, 9, 10, 14, 15 and 19 alone visible',
    )
    .catch(async (error) => {
      throw new Error(`${error.message}; visible: ${JSON.stringify(await wb.visibleLineNumbers())}`);
    });
  await wb.screenshot('folded');
  await wb.runCommand('Unfold All');
  await wb.until(async () => (await wb.visibleLineNumbers()).length === 19, 'all 19 lines visible again');
});

step('language configuration: Toggle Line Comment writes #', async (wb) => {
  await wb.openAlone('europe.route');
  const route = EUROPE_FIRST_ROUTE;
  await wb.goTo(7, 1);
  await wb.runCommand('Toggle Line Comment');
  await wb.until(async () => (await wb.lineText(7)) === `# ${route}`, 'line 7 commented out with #');
  await wb.undoUntil(7, route);
});

step('quick fix: insert the missing DCT, and the warning goes away', async (wb) => {
  await wb.openAlone('broken.route');
  const original = await wb.lineText(4);
  assert.equal(original, 'N0450F350 DVR KONAN UL607 AMASI');
  const fixes = await wb.quickFixes(4, 'KONAN');
  assert.ok(fixes.includes('Insert DCT between DVR and KONAN'), `offered: ${JSON.stringify(fixes)}`);
  await wb.screenshot('quick-fix-menu');
  await wb.applyQuickFix('Insert DCT between DVR and KONAN');
  await wb.until(async () => (await wb.lineText(4)) === 'N0450F350 DVR DCT KONAN UL607 AMASI', 'the fixed line');
  await wb.until(async () => {
    const c = await wb.problemCounts();
    return c.errors === 7 && c.warnings === 10;
  }, 'one warning fewer (7 errors, 10 warnings)');
  assert.deepEqual(await wb.squiggles(4), []);
  await wb.undoUntil(4, original);
});

step('quick fix: write a lower-case element in upper case', async (wb) => {
  await wb.openAlone('broken.route');
  const fixes = await wb.quickFixes(19, 'dvr');
  assert.ok(fixes.includes('Write DVR in upper case'), `offered: ${JSON.stringify(fixes)}`);
  await wb.applyQuickFix('Write DVR in upper case');
  await wb.until(async () => (await wb.lineText(19)) === 'n0450f350 DVR ul9 konan', 'line 19 with DVR in upper case');
  await wb.until(async () => (await wb.problemCounts()).warnings === 10, '10 warnings');
  assert.deepEqual(
    (await wb.squiggles(19)).map((s) => [s.startColumn, s.endColumn]),
    [
      [1, 10],
      [15, 18],
      [19, 24],
    ],
  );
  await wb.undoUntil(19, 'n0450f350 dvr ul9 konan');
});

step(
  'quick fix: the first fix the departure settles is written as referenceFix, so that the hub takes it',
  async (wb) => {
    await wb.openAlone('ambiguous-first-fix.route');
    await assertDiagnostics(wb, 'ambiguous-first-fix.route', [SETTLED_BY_THE_DEPARTURE, AMBIGUOUS]);
    const fixes = await wb.quickFixes(8, 'SAM');
    // The first fix is the place the finding names; the origin's own position is offered too.
    const settled = /^Use SAM VOR SOUTHAMPTON VOR-DME at \d{4}N\d{5}W, \d+ NM from origin \(referenceFix\)$/;
    assert.match(fixes[0] ?? '', settled, `offered: ${JSON.stringify(fixes)}`);
    assert.ok(
      fixes.some((t) => /^Use the SAM nearest the origin EGHI: referenceFix \d{4}N\d{5}W$/.test(t)),
      `offered: ${JSON.stringify(fixes)}`,
    );
    await wb.applyQuickFix(fixes[0]!);
    await wb.until(
      async () => /^referenceFix: \d{4}N\d{5}W$/.test(await wb.lineText(6)),
      'a referenceFix line above origin:',
    );
    assert.equal(await wb.lineText(7), 'origin: EGHI');
    // The hub now selects Southampton; the route without origin at the end (a line lower) keeps its H003.
    await assertDiagnostics(wb, 'ambiguous-first-fix.route', [{ ...AMBIGUOUS, line: AMBIGUOUS.line + 1 }]);
    assert.match(await wb.hover(9, 'SAM'), /Resolved: VOR at 50°57\.3'N 001°20\.7'W/);
    await wb.undoUntil(6, 'origin: EGHI');
  },
);

/** Switches faults of the hub simulator on (or all off with `[]`) through its control endpoint. */
async function simulatorFaults(faults: object[]): Promise<void> {
  const hubUrl = suiteContext()?.hubUrl;
  assert.ok(hubUrl, 'the hub simulator is running');
  const url = `${hubUrl}/__control/faults`;
  const res = faults.length
    ? await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(faults),
      })
    : await fetch(url, { method: 'DELETE' });
  assert.ok(res.ok, `simulator control answered ${res.status}`);
}

step('the status bar shows route expansion by the hub, and when the hub fails', async (wb) => {
  await wb.openAlone('europe.route');
  const ok = await wb.until(() => wb.statusItem(/Route: hub( · HUB_USER_KEY)?$/), 'the status "Route: hub"', 40_000);
  assert.match(ok.label, /hub/i);
  await simulatorFaults([{ kind: 'serverError' }]);
  try {
    // A changed route (450 → 460 kt) is expanded again, now against a failing hub.
    await wb.replaceAt(7, 4, 1, '6');
    const failing = await wb.until(
      () => wb.statusItem(/Route: hub (failing|offline)/),
      'a failing hub in the status bar',
      60_000,
    );
    assert.ok(failing.label.length > 0, 'the status has a tooltip that says why');
    assert.match(await wb.statusTooltip(/Route: hub/), /\S/);
    await wb.screenshot('hub-failing');
    await wb.restMouse();
  } finally {
    await simulatorFaults([]);
  }
  // The next change (470 kt) reaches the hub again.
  await wb.replaceAt(7, 4, 1, '7');
  await wb.until(() => wb.statusItem(/Route: hub( · HUB_USER_KEY)?$/), 'the status "Route: hub" again', 60_000);
  await wb.undoUntil(7, EUROPE_FIRST_ROUTE);
});

step('a hub key the hub refuses shows in the status bar and never in the output', async (wb) => {
  const wrongKey = 'not-a-key-4711';
  await wb.openAlone('europe.route');
  await wb.until(() => wb.statusItem(/Route: hub( · HUB_USER_KEY)?$/), 'the status "Route: hub"', 40_000);
  await wb.answerInputCommand('ICAO Route: Set Hub Key', wrongKey);
  await wb.notification(/hub key stored/);
  let edited = false;
  try {
    await wb.replaceAt(7, 4, 1, '6');
    edited = true;
    const refused = await wb.until(
      () => wb.statusItem(/Route: hub (failing|offline)/),
      'the refused key in the status bar',
      60_000,
    );
    assert.match(refused.label, /key/i, `the tooltip says the key is the problem: ${refused.label}`);
    assert.ok(!refused.label.includes(wrongKey), 'the tooltip does not show the key');
    assert.ok(!(await wb.statusTooltip(/Route: hub/)).includes(wrongKey));
    await wb.screenshot('hub-key-refused');
    await wb.restMouse();
    // Through `until`: at load 28 the channel's row took the picker over the 5 s it is given.
    const output = await wb.until(() => wb.outputChannel('ICAO Route'), 'the ICAO Route output channel', 60_000);
    assert.ok(!output.includes(wrongKey), 'the output channel does not show the key');
    await wb.closePanel();
  } catch (error) {
    // The route as it was, so that the next steps' Close All Editors meets no unsaved edit.
    if (edited) await wb.undoUntil(7, EUROPE_FIRST_ROUTE).catch(() => undefined);
    throw error;
  } finally {
    // Back to the demo key of the environment.
    await wb.runCommand('ICAO Route: Clear Hub Key');
  }
  // The environment's key takes over: the notification and the status say so.
  await wb.notification(/stored hub key cleared\. The hub key comes from the HUB_USER_KEY/);
  await wb.replaceAt(7, 4, 1, '7');
  await wb.until(() => wb.statusItem(/Route: hub · HUB_USER_KEY$/), 'the status "Route: hub · HUB_USER_KEY"', 60_000);
  await wb.undoUntil(7, EUROPE_FIRST_ROUTE);
});

step('the installed extension shows its README in the Extensions view', async (wb) => {
  await wb.runCommand('Extensions: Show Installed Extensions');
  const entry = wb.page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'ICAO Route' }).first();
  await entry.click();
  await wb.restMouse();
  await wb.page.locator('.extension-editor .name', { hasText: 'ICAO Route' }).waitFor({ state: 'visible' });
  // The details page is a webview: the README packaged in the .vsix.
  const readme = wb.webview();
  await readme.locator('body', { hasText: 'npm run demo' }).waitFor({ state: 'visible', timeout: 30_000 });
  // code-server 1.139 drops the src of a relative image in an extension's README, so only the
  // element (with its alt text) can be checked here.
  await readme.locator('img[alt^="broken.route in VS Code"]').first().waitFor({ state: 'attached' });
  await wb.screenshot('extension-details');
  await wb.runCommand('View: Close All Editors');
  await wb.runCommand('View: Show Explorer');
});

step('airline reference: set the credentials, hover a call sign and read the airline', async (wb) => {
  await wb.openAlone('fpl-message.route');
  // Two password boxes, appId then appKey (the simulator's demo application).
  await wb.runCommand('ICAO Route: Set Airline Reference Credentials', { opensPicker: true });
  for (const value of ['demo', 'demo']) {
    const input = wb.page.locator('.quick-input-widget input[type="password"]');
    await input.waitFor({ state: 'visible' });
    await wb.until(async () => (await input.inputValue()) === '' || undefined, 'an empty input box');
    await input.fill(value);
    await wb.page.keyboard.press('Enter');
  }
  await wb.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  await wb.notification(/airline reference credentials stored/);
  const hover = await wb.until(
    async () => {
      const text = await wb.hover(4, 'DLH4AB');
      return /Airline reference/.test(text) ? text : undefined;
    },
    'the airline in the hover of DLH4AB',
    60_000,
  );
  assert.match(hover, /Looked up by ICAO designator DLH \(ICAO designators are unique\)/);
  assert.match(hover, /Lufthansa: ICAO DLH, IATA LH, service code LH, active/);
  const output = await wb.until(() => wb.outputChannel('ICAO Route'), 'the ICAO Route output channel', 60_000);
  assert.match(output, /airline reference credentials passed to the server \(from secretStorage\)/);
  assert.doesNotMatch(output, /appKey=(?!\*)/);
  await wb.closePanel();
});

step('the editor at a glance (the README screenshot)', async (wb) => {
  await wb.openAlone('broken.route');
  await wb.showProblems();
  // Every problem of broken.route listed: its 7 errors and 11 warnings (the step above checks each).
  await wb.until(async () => {
    const c = await wb.problemCounts();
    return c.errors === 7 && c.warnings === 11 && (await wb.problems()).length === c.errors + c.warnings + c.infos;
  }, 'the 7 errors and 11 warnings of broken.route in the Problems panel');
  await wb.openFile('broken.route');
  // The cursor on an empty line: no word highlights in the picture.
  await wb.goTo(2, 1);
  const hover = await wb.hover(10, 'UL607');
  assert.match(hover, /ATS route/);
  assert.match(hover, /R203/);
  await wb.screenshotAs('editor.png');
});
