// speech_type from what the transcript says about a turn. The mapping, in order:
//   presiding        — the label is a presiding title ("The Speaker", "Deputy Speaker", "The Chair"),
//                      whatever the business (the Speaker's calls in question period included);
//   question_period  — under the "Oral Questions" business heading;
//   statement        — under a heading ending in "Statements" ("Members’ Statements",
//                      "Private Members’ Statements", "Ministerial Statements");
//   floor            — everything else (debate, introductions, tributes, motions, the throne speech).
import type { SpeechType } from '../../../src/core/domain/enums.js';

export function speechType(presiding: boolean, orderOfBusiness: string | null): SpeechType {
  if (presiding) return 'presiding';
  if (orderOfBusiness && /^oral questions\b/i.test(orderOfBusiness)) return 'question_period';
  if (orderOfBusiness && /\bstatements$/i.test(orderOfBusiness)) return 'statement';
  return 'floor';
}
