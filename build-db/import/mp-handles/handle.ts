// A Twitter/X screen name as people write it ("@JustinTrudeau", "twitter.com/JustinTrudeau",
// " JustinTrudeau ") → the bare name, or null when it cannot be one (1-15 letters, digits, "_").

const SCREEN_NAME = /^[A-Za-z0-9_]{1,15}$/;

export function screenName(raw: string): string | null {
  let s = raw.trim();
  const url = /^(?:https?:\/\/)?(?:www\.|mobile\.)?(?:twitter|x)\.com\/([^/?#]+)/i.exec(s);
  if (url) s = url[1];
  s = s.replace(/^@/, '');
  return SCREEN_NAME.test(s) ? s : null;
}

/** x.com is where twitter.com now redirects; the handle is the same. */
export const profileUrl = (handle: string) => `https://x.com/${handle}`;
