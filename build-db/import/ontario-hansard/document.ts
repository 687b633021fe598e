// One Ontario Hansard page as the transcript's blocks in order. Two layouts carry the same
// transcript: the Assembly's pre-2018 site (anchors `<a id="paraNN">`, session in the
// `dc.coverage.temporal` meta) and the current Drupal site (`<span id="paraNN"/>`, session in the
// canonical URL). In both every transcript block holds a `paraNN` anchor and nothing else on the page
// does (menus, table of contents), so the anchor is what selects the transcript.
import type { AnyNode, Element } from 'domhandler';
import { isTag, isText } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import { findAll, findOne, getAttributeValue } from 'domutils';

export type BlockKind = 'speaker' | 'text' | 'procedure' | 'time' | 'heading2' | 'heading3' | 'vote_direction' | 'vote_name';

export interface Block {
  kind: BlockKind;
  /** `paraNN`: the block's anchor, stable within the sitting. */
  anchor: string;
  /** The `<strong>` label of a speaker paragraph, as printed (colon included). */
  label: string | null;
  /** The text after the label (or the whole text). */
  text: string;
}

export interface Page {
  blocks: Block[];
  /** The page's `<h1>` headings as read (a committee transcript's names its committee). */
  titles: string[];
  date: string | null;
  parliament: number | null;
  session: number | null;
}

const PARA = /^para\d+$/;
const BLOCK_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'li']);

/** Text as read: whitespace collapsed, no-break spaces as spaces. */
function textOf(nodes: AnyNode[]): string {
  const out: string[] = [];
  const walk = (n: AnyNode) => {
    if (isText(n)) out.push(n.data);
    else if (isTag(n)) {
      if (n.name === 'br') out.push(' ');
      else if (n.name !== 'script' && n.name !== 'style') n.children.forEach(walk);
    }
  };
  nodes.forEach(walk);
  return out
    .join('')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
}

const anchorOf = (el: Element): string | null => {
  const a = findOne((e) => (e.name === 'a' || e.name === 'span') && PARA.test(getAttributeValue(e, 'id') ?? ''), el.children);
  return a ? getAttributeValue(a, 'id')! : null;
};

function kindOf(el: Element): BlockKind {
  const cls = getAttributeValue(el, 'class') ?? '';
  if (el.name === 'h2') return 'heading2';
  if (el.name === 'h3') return 'heading3';
  if (el.name === 'h4') return 'vote_direction';
  if (el.name === 'li') return 'vote_name';
  if (cls === 'speakerStart') return 'speaker';
  if (cls === 'procedure') return 'procedure';
  if (cls === 'timeStamp') return 'time';
  return 'text';
}

export function readPage(html: string): Page {
  // recognizeSelfClosing: the Drupal layout writes its anchors as `<span id="para1"/>`.
  const doc = parseDocument(html, { decodeEntities: true, recognizeSelfClosing: true });
  const blocks: Block[] = [];
  for (const el of findAll((e) => BLOCK_TAGS.has(e.name), doc.children)) {
    const anchor = anchorOf(el);
    if (!anchor) continue;
    const kind = kindOf(el);
    if (kind === 'speaker') {
      const strong = el.children.find((c): c is Element => isTag(c) && c.name === 'strong');
      if (strong) {
        blocks.push({ kind, anchor, label: textOf([strong]), text: textOf(el.children.filter((c) => c !== strong)) });
        continue;
      }
    }
    blocks.push({ kind: kind === 'speaker' ? 'text' : kind, anchor, label: null, text: textOf(el.children) });
  }
  const meta = (name: string) => {
    const m = findOne((e) => e.name === 'meta' && getAttributeValue(e, 'name')?.trim() === name, doc.children);
    return m ? (getAttributeValue(m, 'content') ?? null) : null;
  };
  const canonical = findOne((e) => e.name === 'link' && getAttributeValue(e, 'rel') === 'canonical', doc.children);
  const href = canonical ? (getAttributeValue(canonical, 'href') ?? '') : '';
  const temporal = /^P(\d+)-S(\d+)$/.exec(meta('dc.coverage.temporal') ?? '');
  const current = /\/parliament-(\d+)\/session-(\d+)\/(\d{4}-\d{2}-\d{2})\//.exec(href);
  const date = meta('dc.date.created') ?? current?.[3] ?? /[?&]Date=(\d{4}-\d{2}-\d{2})/.exec(href)?.[1] ?? null;
  return {
    blocks,
    titles: findAll((e) => e.name === 'h1', doc.children).map((h) => textOf(h.children)),
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
    parliament: temporal ? Number(temporal[1]) : current ? Number(current[1]) : null,
    session: temporal ? Number(temporal[2]) : current ? Number(current[2]) : null,
  };
}
