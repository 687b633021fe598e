// Wikidata's account properties for the spec's platforms: the property, how a value is checked and
// the profile URL built from it. Property numbers as Wikidata documents them (Property:P2002 …).
import type { Platform } from '../../../src/core/domain/enums.js';

export interface AccountProperty {
  property: string;
  platform: Platform;
  /** The value as the handle we store, or null when it cannot be one. */
  handle(raw: string): string | null;
  url(handle: string): string;
}

const plain = (re: RegExp) => (raw: string) => {
  const s = raw.trim().replace(/^@/, '');
  return re.test(s) ? s : null;
};

export const ACCOUNT_PROPERTIES: readonly AccountProperty[] = [
  { property: 'P2002', platform: 'twitter', handle: plain(/^[A-Za-z0-9_]{1,15}$/), url: (h) => `https://x.com/${h}` },
  {
    property: 'P12361',
    platform: 'bluesky',
    handle: (raw) => plain(/^[a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+$/)(raw.toLowerCase()),
    url: (h) => `https://bsky.app/profile/${h}`,
  },
  // Mastodon addresses are `user@instance`; the profile lives on the instance.
  {
    property: 'P4033',
    platform: 'mastodon',
    handle: (raw) =>
      plain(/^[A-Za-z0-9_]{1,64}@[a-z0-9-]+(?:\.[a-z0-9-]+)+$/)(
        raw
          .trim()
          .replace(/^@/, '')
          .replace(/@([^@]+)$/, (_, h: string) => `@${h.toLowerCase()}`),
      ),
    url: (h) => {
      const [user, host] = h.split('@');
      return `https://${host}/@${user}`;
    },
  },
  { property: 'P2003', platform: 'instagram', handle: plain(/^[A-Za-z0-9_.]{1,30}$/), url: (h) => `https://www.instagram.com/${h}/` },
  { property: 'P2013', platform: 'facebook', handle: plain(/^[A-Za-z0-9_.-]{1,80}$/), url: (h) => `https://www.facebook.com/${h}` },
  // A channel id (UC…) and, since 2023, a channel handle: both name the same kind of account.
  { property: 'P2397', platform: 'youtube', handle: plain(/^UC[A-Za-z0-9_-]{22}$/), url: (h) => `https://www.youtube.com/channel/${h}` },
  { property: 'P11245', platform: 'youtube', handle: plain(/^[A-Za-z0-9_.-]{3,30}$/), url: (h) => `https://www.youtube.com/@${h}` },
  { property: 'P7085', platform: 'tiktok', handle: plain(/^[A-Za-z0-9_.]{2,24}$/), url: (h) => `https://www.tiktok.com/@${h}` },
  { property: 'P6634', platform: 'linkedin', handle: plain(/^[A-Za-z0-9À-ÿ_%-]{3,100}$/), url: (h) => `https://www.linkedin.com/in/${h}` },
  { property: 'P11892', platform: 'threads', handle: plain(/^[A-Za-z0-9_.]{1,30}$/), url: (h) => `https://www.threads.net/@${h}` },
];

/** "official website" (P856): the person's own site. */
export const OFFICIAL_WEBSITE = 'P856';
/** "position held" (P39) and its value "member of the House of Commons of Canada". */
export const POSITION_HELD = 'P39';
export const MEMBER_OF_HOUSE_OF_COMMONS = 'Q15964890';
export const START_TIME = 'P580';
export const END_TIME = 'P582';
