/** The language id of `.route` files, as package.json's `contributes.languages` declares it. */
export const LANGUAGE_ID = 'icao-route';
