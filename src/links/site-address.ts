// A page's address on its doc site as a Markdown link destination: the site's base URL and the path
// the generator serves the page at (RouteTable.servedPath). Both parts come from strangers' files
// (a configuration's baseURL, a page's permalink), so every character that could end, open or
// re-point a destination is percent-encoded.

/** A URL path as a link destination: percent-encoded, so no space, parenthesis, bracket, angle bracket or backslash is left to end it. */
export function encodeUrlPath(p: string): string {
  return p.split('/').map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)).join('/');
}

/** A base URL made safe for a link destination and ending in `/` (its own percent-escapes kept). */
export function safeBaseUrl(base: string): string {
  const b = base && !base.endsWith('/') ? `${base}/` : base;
  // eslint-disable-next-line no-control-regex
  return b.replace(/[\s()<>[\]\\`"\u0000-\u001f\u007f]/g, (c) => encodeURIComponent(c).replace(/[()]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`));
}

/** An http(s) address with a host, nothing that is not a URL: what a site's base may be. */
export const BASE_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/;
