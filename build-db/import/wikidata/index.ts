// `canpol import wikidata-socials`: politicians' accounts on every platform of the spec and their
// official websites, from Wikidata's entity JSON (one `entities/Q….json` per person, as
// Special:EntityData serves it; the nightly lists the people from the query service, see
// docs/importers.md). People are joined by their Q id where a people source recorded it, else by
// name among the members serving during the person's House term on Wikidata (join-person.ts).
// A handle with an end time, or one a person's entity listed last run and no longer lists, is kept
// with is_live=false; a handle another importer already gave the same person is left to it. Bluesky
// and Mastodon handles get their profile counts and recent posts from the platforms' own answers,
// fetched beside the entities (platform-accounts.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importStats } from '../import-stats.js';
import type { ImportContext, ImportOutput, Importer, SourceInput } from '../types.js';
import { END_TIME, ACCOUNT_PROPERTIES, OFFICIAL_WEBSITE } from './platforms.js';
import { hasQualifier, label, readEntity, statements, stringValue } from './entity.js';
import { joinPerson } from './join-person.js';
import { applyPlatformAnswers } from './platform-accounts.js';

export const IDENTITY_SOURCE = 'wikidata';
export const ENTITY_DIR = 'entities';

type Social = SourceInput<'socials'>;
type Website = SourceInput<'websites'>;

const handleKey = (politician: string, platform: string, handle: string) => `${politician} ${platform} ${handle.toLowerCase()}`;

export function importWikidataSocials(from: string, ctx: ImportContext): ImportOutput {
  const { stats, add } = importStats({ entities: 0, people_joined: 0, handles: 0, handles_gone: 0, websites: 0 });
  const dir = join(from, ENTITY_DIR);
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^Q\d+\.json$/.test(f))
        .sort((a, b) => Number(a.slice(1, -5)) - Number(b.slice(1, -5)))
    : [];
  if (!files.length) ctx.skip({ file: ENTITY_DIR, record: 'whole folder', reason: 'no entity files', detail: dir });

  // Handles other importers gave, by the person's kept key: the first source keeps its record.
  const taken = new Set<string>();
  for (const s of ctx.existing.socials ?? [])
    taken.add(handleKey(ctx.identity.canonical(s.politician_key) ?? s.politician_key, s.platform, s.handle));

  const socials = new Map<string, Social>();
  const websites = new Map<string, Website>();
  const read = new Set<string>();
  const now = ctx.extractedAt ?? null;
  for (const file of files) {
    const path = `${ENTITY_DIR}/${file}`;
    const parsed = readEntity(readFileSync(join(dir, file), 'utf8'));
    if ('problem' in parsed) {
      ctx.skip({ file: path, record: file.slice(0, -5), reason: 'entity file unreadable', detail: parsed.problem });
      continue;
    }
    const e = parsed.entity;
    add('entities');
    const who = joinPerson(ctx.identity, IDENTITY_SOURCE, e);
    if (who.key === null) {
      ctx.skip({
        file: path,
        record: e.id,
        reason: who.reason === 'ambiguous' ? 'politician ambiguous' : 'politician not matched',
        detail: `${label(e) ?? '?'}${who.detail ? `: ${who.detail}` : ''}`,
      });
      continue;
    }
    add('people_joined');
    add(`people_joined_by_${who.method}`);
    read.add(who.key);
    for (const prop of ACCOUNT_PROPERTIES) {
      for (const s of statements(e, prop.property)) {
        const raw = stringValue(s) ?? '';
        const handle = prop.handle(raw);
        if (!handle) {
          ctx.skip({ file: path, record: `${e.id} ${prop.property}`, reason: `not a ${prop.platform} handle`, detail: raw });
          continue;
        }
        const k = handleKey(who.key, prop.platform, handle);
        if (taken.has(k)) {
          add('handles_from_another_source');
          continue;
        }
        // An end time on the statement: the person no longer uses the account (Wikidata keeps it).
        const ended = hasQualifier(s, END_TIME);
        const had = socials.get(k);
        if (had && (had.is_live || ended)) continue;
        socials.set(k, {
          politician_key: who.key,
          platform: prop.platform,
          handle,
          url: prop.url(handle),
          is_live: !ended,
          ...(now ? { last_verified_at: now } : {}),
        });
      }
    }
    for (const s of statements(e, OFFICIAL_WEBSITE)) {
      const url = stringValue(s);
      if (!url || !/^https?:\/\/[^\s/]+/i.test(url)) {
        ctx.skip({ file: path, record: `${e.id} ${OFFICIAL_WEBSITE}`, reason: 'not a web address', detail: url ?? '' });
        continue;
      }
      const k = `${who.key} ${url}`;
      if (!websites.has(k)) websites.set(k, { politician_key: who.key, url, label: 'personal', is_active: !hasQualifier(s, END_TIME) });
    }
  }

  // Handles this importer gave last run: one a person read again no longer lists is gone upstream
  // (kept, not live); a person whose entity was not read this run keeps theirs as they were.
  for (const s of ctx.previous?.socials ?? []) {
    const key = ctx.identity.canonical(s.politician_key) ?? s.politician_key;
    const k = handleKey(key, s.platform, s.handle);
    if (socials.has(k) || taken.has(k) || !ctx.identity.has(key)) continue;
    if (read.has(key)) {
      socials.set(k, { ...s, politician_key: key, is_live: false });
      add('handles_gone');
    } else {
      socials.set(k, { ...s, politician_key: key });
      add('handles_kept_unread');
    }
  }
  const keyOf = (s: Social) => handleKey(s.politician_key, s.platform, s.handle);
  const posts = applyPlatformAnswers(from, socials, keyOf, ctx, add);
  for (const s of socials.values()) {
    add('handles');
    if (!s.is_live) add('handles_not_live');
    add(`handles_${s.platform}`);
  }
  stats.websites = websites.size;
  ctx.log(
    `${stats.people_joined}/${stats.entities} people joined, ${stats.handles} handles (${stats.handles_not_live ?? 0} not live), ${websites.size} websites`,
  );
  return {
    records: { socials: [...socials.values()], posts, websites: [...websites.values()] },
    sources: [{ id: 'wikidata', version: now ?? 'unknown', url: 'https://www.wikidata.org/', licence: 'CC0 1.0' }],
    coverage: [],
    stats,
  };
}

export const wikidataSocialsImporter: Importer = {
  kind: 'wikidata-socials',
  summary: "Politicians' accounts on every platform and their official websites, from Wikidata's entity JSON",
  datasetDir: 'wikidata-politicians',
  optional: 'fetched by the nightly from Wikidata (no copy in the shared datasets)',
  keepsHistory: true,
  run: importWikidataSocials,
};
