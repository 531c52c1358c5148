/** The coordinate formatters of server/src/geo/, one per format, each pinned to its written form. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatPosition } from '../../../server/src/geo/decimalPosition';
import { formatDegreesMinutes } from '../../../server/src/geo/degreesMinutes';
import { roundCoordinate, xsdDecimal } from '../../../server/src/geo/fileCoordinates';
import { formatSignedDecimal } from '../../../server/src/geo/signedDecimal';

test('decimal position (expansion messages): hundredths, zero-padded, hemisphere letters', () => {
  assert.equal(formatPosition(51.1633, 1.3617), '51.16N 001.36E');
  assert.equal(formatPosition(-5.5, -78.25), '05.50S 078.25W');
});

test('degrees and decimal minutes (hover, table, map): a tenth of a minute, carried into the degree', () => {
  assert.equal(formatDegreesMinutes(51.16167, 1.36), "51°09.7'N 001°21.6'E");
  assert.equal(formatDegreesMinutes(-33.99999, -70.5), "34°00.0'S 070°30.0'W");
});

test('signed decimal degrees (hover of a lat/lon element): four decimals, latitude first', () => {
  assert.equal(formatSignedDecimal(46 + 20 / 60, -(78 + 5 / 60)), '46.3333, -78.0833');
});

test('export files: seven decimals, xsd:decimal never in exponent notation and never -0', () => {
  assert.equal(roundCoordinate(1.123456789), 1.1234568);
  assert.equal(xsdDecimal(1e-9), '0');
  assert.equal(xsdDecimal(-1e-9), '0');
  assert.equal(xsdDecimal(3e-7), '0.0000003');
  assert.equal(xsdDecimal(-78.25), '-78.25');
});
