// LEGISinfo stages → the API's canonical stages, decided by the stage (`BillStageNameEn` under its
// <BillStages> element), never by guessing from an event's wording. The chamber goes in `event_type`
// ("House: Third reading", "Senate: Referral to committee"); `stage_label` keeps the upstream
// stage name, so "Report stage" stays visible although it has no slot of its own.
//
// | element                      | BillStageNameEn                              | stage          |
// |------------------------------|----------------------------------------------|----------------|
// | House/SenateBillStages       | First reading                                | first_reading  |
// | HouseBillStages              | Bill reinstated from previous session        | introduced     |
// | House/SenateBillStages       | Second reading                               | second_reading |
// | HouseBillStages              | Report stage and second reading              | second_reading |
// | HouseBillStages              | Referral to committee before second reading  | committee      |
// | House/SenateBillStages       | Consideration in committee                   | committee      |
// | House/SenateBillStages       | Report stage (the committee's report)        | committee      |
// | SenateBillStages             | Senate pre-study (a Senate committee)        | committee      |
// | House/SenateBillStages       | Third reading                                | third_reading  |
// | RoyalAssent                  | Royal assent                                 | royal_assent   |
// | House/SenateAdditionalInfo…  | Additional information: "Bill not proceeded  | withdrawn      |
// |                              | with", "Dropped from the Senate Order Paper" |                |
//
// `introduced` is only the reinstatement of a bill carried over from the previous session: a bill
// new to the session is introduced by its first reading ("Introduction and first reading").
// Anything else (a new stage name, another "additional information" event) is reported, not mapped.
import type { BILL_STAGES } from '../../../src/core/domain/enums.js';
import type { Chamber } from './read-bill.js';

export type Stage = (typeof BILL_STAGES)[number];

const STAGES: Record<string, Stage> = {
  'First reading': 'first_reading',
  'Bill reinstated from previous session': 'introduced',
  'Second reading': 'second_reading',
  'Report stage and second reading': 'second_reading',
  'Referral to committee before second reading': 'committee',
  'Consideration in committee': 'committee',
  'Report stage': 'committee',
  'Senate pre-study': 'committee',
  'Third reading': 'third_reading',
  'Royal assent': 'royal_assent',
};

const CHAMBER_ELEMENTS = new Set(['HouseBillStages', 'SenateBillStages']);
const WITHDRAWN_EVENTS = new Set(['Bill not proceeded with', 'Dropped from the Senate Order Paper']);

/** The canonical stage of a stage element, or null when the stage is not in the table. */
export function stageOf(element: string, stageName: string | null): Stage | null {
  if (!stageName) return null;
  if (element === 'RoyalAssent') return stageName === 'Royal assent' ? 'royal_assent' : null;
  if (element === 'HouseAdditionalInformation' || element === 'SenateAdditionalInformation')
    return stageName === 'Additional information' ? 'withdrawn' : null;
  if (!CHAMBER_ELEMENTS.has(element) || stageName === 'Royal assent') return null;
  return STAGES[stageName] ?? null;
}

/** Whether an event of an "additional information" stage is a withdrawal (the only kind mapped). */
export const isWithdrawal = (eventName: string | null) => eventName !== null && WITHDRAWN_EVENTS.has(eventName);

/** "House: Third reading"; royal assent belongs to neither chamber's stage list. */
export const eventType = (chamber: Chamber | null, name: string) => (chamber ? `${chamber}: ${name}` : name);
