/**
 * The route map webview's HTML. Pure (no vscode import) so that the browser tests load exactly
 * this page. The CSP allows nothing by default: the one script by nonce, styles, images and the
 * basemap files only from the webview's own resource origin, no eval, no remote host.
 */

export interface MapPageResources {
  /** `webview.cspSource`: the origin the webview serves extension files from. */
  cspSource: string;
  /** A fresh random value per page. */
  nonce: string;
  scriptUri: string;
  styleUri: string;
  /** Folder holding basemap-50m.bin and basemap-10m.bin (made by scripts/basemap.mjs). */
  basemapUri: string;
}

export function mapPageHtml(r: MapPageResources): string {
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${r.nonce}'`,
    `style-src ${r.cspSource}`,
    `img-src ${r.cspSource}`,
    `font-src ${r.cspSource}`,
    // The basemap's files are fetched from the extension's own dist/media/basemap.
    `connect-src ${r.cspSource}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${attr(r.styleUri)}">
<title>Route map</title>
</head>
<body data-basemap="${attr(r.basemapUri)}">
<div id="app"></div>
<script nonce="${attr(r.nonce)}" src="${attr(r.scriptUri)}"></script>
</body>
</html>
`;
}

/** 32 random base64 characters, from a cryptographic source. */
export function makeNonce(): string {
  return globalThis.crypto.getRandomValues(Buffer.alloc(24)).toString('base64');
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
