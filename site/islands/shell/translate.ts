/**
 * The translate-page button (docs/product.md#site) opens a web translation of the page in a new tab. The
 * target is the browser language (its primary subtag), or Spanish when that is English.
 */
export function translationTarget(browserLanguage: string | null | undefined): string {
  const primary = (browserLanguage ?? '').trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  if (!/^[a-z]{2,3}$/.test(primary) || primary === 'en') return 'es';
  return primary;
}

export function translateUrl(pageUrl: string, browserLanguage: string | null | undefined): string {
  const target = translationTarget(browserLanguage);
  return `https://translate.google.com/translate?sl=auto&tl=${target}&u=${encodeURIComponent(pageUrl)}`;
}
