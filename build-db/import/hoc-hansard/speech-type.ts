// speech_type of an intervention, in this order:
//   committee        every turn in committee Evidence (the chair's turns also get is_presiding)
//   presiding        the Speaker, Deputy/Acting/Assistant Deputy Speaker, Chair of Committees of the Whole
//   procedural       House officials (the Clerk, the Usher of the Black Rod) and collective voices
//                    ("Some hon. members", "Des voix"), which are not debate
//   question_period  under Oral Questions / Questions orales, until a new running head within it
//                    ("Points of Order" raised after Question Period are not questions)
//   statement        under Statements by Members / Déclarations de députés
//   floor            everything else: debate, routine proceedings, points of order, petitions
import type { SpeechType } from '../../../src/core/domain/enums.js';
import { isMembersStatements, isOralQuestions } from './headings.js';
import type { SpeakerKind } from './speaker.js';

export function speechType(kind: SpeakerKind, committee: boolean, runningHead: string | null): SpeechType {
  if (committee) return 'committee';
  if (kind === 'presiding') return 'presiding';
  if (kind === 'official' || kind === 'collective') return 'procedural';
  if (isOralQuestions(runningHead)) return 'question_period';
  if (isMembersStatements(runningHead)) return 'statement';
  return 'floor';
}
