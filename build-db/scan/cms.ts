// The content management system behind a page, from the markers each leaves: the page's
// <meta name="generator"> first (WordPress, Drupal, Joomla, Wix, Squarespace, Ghost, Hugo … write
// their name there), then the paths of its scripts, styles and links (/wp-content/ is WordPress,
// /sites/default/files/ Drupal, static.wixstatic.com Wix, …), then a response header some add.
import type { Element } from 'domhandler';
import { findAll, getAttributeValue } from 'domutils';
import { parseDocument } from 'htmlparser2';

const GENERATORS: Array<[RegExp, string]> = [
  [/wordpress/i, 'WordPress'],
  [/drupal/i, 'Drupal'],
  [/joomla/i, 'Joomla'],
  [/wix\.com/i, 'Wix'],
  [/squarespace/i, 'Squarespace'],
  [/ghost/i, 'Ghost'],
  [/hugo/i, 'Hugo'],
  [/jekyll/i, 'Jekyll'],
  [/webflow/i, 'Webflow'],
  [/nationbuilder/i, 'NationBuilder'],
  [/typo3/i, 'TYPO3'],
  [/gatsby/i, 'Gatsby'],
  [/next\.js/i, 'Next.js'],
  [/shopify/i, 'Shopify'],
  [/weebly/i, 'Weebly'],
  [/godaddy/i, 'GoDaddy Website Builder'],
];

const PATHS: Array<[RegExp, string]> = [
  [/\/wp-(?:content|includes)\//i, 'WordPress'],
  [/\/sites\/(?:default|all)\/(?:files|themes|modules)\//i, 'Drupal'],
  [/drupal\.js|drupal-settings-json/i, 'Drupal'],
  [/static\.wixstatic\.com|parastorage\.com/i, 'Wix'],
  [/static1\.squarespace\.com|squarespace-cdn\.com/i, 'Squarespace'],
  [/cdn\.shopify\.com/i, 'Shopify'],
  [/assets\.nationbuilder\.com|nationbuilder\.com\/assets/i, 'NationBuilder'],
  [/website-files\.com|webflow\./i, 'Webflow'],
  [/\/media\/jui\/|\/components\/com_/i, 'Joomla'],
  [/\/_next\/static\//i, 'Next.js'],
];

export function detectCms(html: string, headers: Record<string, string>): string | null {
  const doc = parseDocument(html);
  const elements = findAll(() => true, doc.children) as Element[];
  for (const el of elements) {
    if (el.name === 'meta' && (getAttributeValue(el, 'name') ?? '').toLowerCase() === 'generator') {
      const content = getAttributeValue(el, 'content') ?? '';
      const hit = GENERATORS.find(([re]) => re.test(content));
      if (hit) return hit[1];
    }
  }
  for (const el of elements) {
    // Drupal marks its settings script with data-drupal-selector; everyone else shows in their paths.
    const text = `${getAttributeValue(el, 'src') ?? getAttributeValue(el, 'href') ?? ''} ${getAttributeValue(el, 'data-drupal-selector') ? 'drupal-settings-json' : ''}`;
    const hit = PATHS.find(([re]) => re.test(text));
    if (hit) return hit[1];
  }
  const powered = `${headers['x-powered-by'] ?? ''} ${headers['x-generator'] ?? ''} ${headers['x-drupal-cache'] !== undefined ? 'drupal' : ''}`;
  return GENERATORS.find(([re]) => re.test(powered))?.[1] ?? null;
}
