/**
 * The map's tile server is configuration (MAP_TILE_URL): the page's Content-Security-Policy must let images come from
 * it, and nothing else. A template's `{s}` subdomain becomes a CSP wildcard.
 */

/** The CSP source of a tile URL template ('https://*.tile.example.com'), or null for a same-origin template. */
export function tileImageSource(template: string): string | null {
  if (!/^https?:\/\//i.test(template)) return null;
  const host = template.replace(/^https?:\/\//i, '').split('/')[0] ?? '';
  const scheme = template.slice(0, template.indexOf('://'));
  const wildcarded = host.replace(/\{s\}/g, '*').replace(/\{[^}]*\}/g, '*');
  if (!/^[A-Za-z0-9*.:[\]-]+$/.test(wildcarded)) return null;
  return `${scheme.toLowerCase()}://${wildcarded}`;
}
