// Clock times as English Hansards print them ("[1:35 p.m.]", "The House met at 10:02 a.m.", "noon").

/** Minutes after midnight, from "[1:35 p.m.]", "The House met at 10:02 a.m.", "2 p.m.", "noon". */
export function parseClock(text: string): number | null {
  const t = text.toLowerCase();
  const m = /\b(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\b\.?/.exec(t);
  if (m) {
    const h = Number(m[1]);
    const min = m[2] ? Number(m[2]) : 0;
    if (h < 1 || h > 12 || min > 59) return null;
    return ((h % 12) + (m[3] === 'p' ? 12 : 0)) * 60 + min;
  }
  if (/\bnoon\b/.test(t)) return 12 * 60;
  if (/\bmidnight\b/.test(t)) return 0;
  return null;
}
