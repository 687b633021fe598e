// North American phone numbers as the House prints them ("613-992-0946", "1-800-665-8711") in one
// form, NNN-NNN-NNNN, so that the build's (politician, kind, phone) de-duplication compares like with
// like. Anything else (the scraper writes "missing" for an office without a number) is not a phone.

export type PhoneResult = { phone: string } | { phone: null; bad: string | null };

export function normalizePhone(raw: string | null): PhoneResult {
  const text = raw?.trim() ?? '';
  if (!text) return { phone: null, bad: null };
  // Only digits, separators and an optional leading +1 / 1: "ext." and letters are not ours to read.
  if (!/^\+?[\d\s().-]+$/.test(text)) return { phone: null, bad: text };
  let digits = text.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  // NANP: area code and exchange do not start with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return { phone: null, bad: text };
  return { phone: `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` };
}
