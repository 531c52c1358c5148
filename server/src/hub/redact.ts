/**
 * Secrets (the hub's user_key, the reference family's appId/appKey) must never reach a log, an
 * error message, a hover or the webview. Everything that prints a URL or echoes a response body
 * goes through these functions.
 */

/** Query parameters whose values are credentials, compared case-insensitively. */
const SECRET_PARAMS = ['user_key', 'userkey', 'appkey', 'appid', 'api_key', 'apikey', 'key', 'token', 'access_token'];

const SECRET_PARAM_PATTERN = new RegExp(`([?&;](?:${SECRET_PARAMS.join('|')})=)[^&#\\s"'<>]*`, 'gi');

/** The URL with every credential parameter's value and any user:password replaced by `***`. */
export function redactUrl(url: string | URL): string {
  const text = typeof url === 'string' ? url : url.href;
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@').replace(SECRET_PARAM_PATTERN, '$1***');
}

/**
 * Removes credentials from free text: URLs in it, plus any literal secret values the caller
 * knows (a service could echo the key back in an error page).
 */
export function redactText(text: string, secrets: readonly (string | undefined)[] = []): string {
  let out = text.replace(SECRET_PARAM_PATTERN, '$1***').replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/gi, '$1***@');
  for (const secret of secrets) {
    // One- and two-character values would blank out ordinary words; real keys are longer, and a
    // three-character key is still cut out (the language server's statuses relied on that).
    if (secret && secret.length >= 3) out = out.split(secret).join('***');
  }
  return out;
}
