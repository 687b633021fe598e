// Closed vocabularies of the API (spec "States and transitions"), shared by the build and the server
// so that a value the build accepts is always one the server can filter on.

export const LEVELS = ['federal', 'provincial', 'municipal'] as const;
export type Level = (typeof LEVELS)[number];

/** The 10 provinces and 3 territories, by their 2-letter postal abbreviations. */
export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

/** The 14 jurisdictions of /coverage: federal first, then provinces and territories. */
export const JURISDICTIONS = ['federal', ...PROVINCES] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

export const COVERAGE_STATUSES = ['live', 'partial', 'blocked', 'none'] as const;
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number];

export const POLITICIAN_STATUSES = ['sitting', 'former'] as const;
export type PoliticianStatus = (typeof POLITICIAN_STATUSES)[number];

export const OFFICE_KINDS = ['constituency', 'legislature', 'other'] as const;
export type OfficeKind = (typeof OFFICE_KINDS)[number];

export const PLATFORMS = ['twitter', 'bluesky', 'mastodon', 'instagram', 'facebook', 'youtube', 'tiktok', 'linkedin', 'threads'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const BILL_STAGES = [
  'introduced',
  'first_reading',
  'second_reading',
  'committee',
  'third_reading',
  'royal_assent',
  'withdrawn',
] as const;
export type BillStage = (typeof BILL_STAGES)[number];

export const SPONSOR_ROLES = ['sponsor', 'co_sponsor'] as const;
export type SponsorRole = (typeof SPONSOR_ROLES)[number];

export const VOTE_RESULTS = ['passed', 'defeated', 'tied', 'withdrawn', 'deferred'] as const;
export type VoteResult = (typeof VOTE_RESULTS)[number];

export const VOTE_TYPES = ['division', 'voice', 'acclamation', 'consensus'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

/** Also the order positions are listed in (decisions 5: "ordered by position then name"). */
export const POSITIONS = ['yea', 'nay', 'abstain', 'paired', 'absent'] as const;
export type Position = (typeof POSITIONS)[number];

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Speech types known to the search filters; `committee` speeches define committee meetings. */
export const SPEECH_TYPES = ['floor', 'question_period', 'statement', 'committee', 'presiding', 'procedural', 'other'] as const;
export type SpeechType = (typeof SPEECH_TYPES)[number];

/** Who a Hansard speaker is, as the label says: members (presiding or not) are politicians; the
 *  others are counted apart from attribution rates (a witness is never linked to a politician). */
export const SPEAKER_KINDS = ['member', 'presiding', 'witness', 'official', 'collective'] as const;
export type SpeakerKind = (typeof SPEAKER_KINDS)[number];

/** Honorific prefixes recognised in names (spec, Politician list item). Longest first. */
export const HONORIFICS = ['Rt. Hon.', 'Hon.', 'Sen.', 'Sir', 'Dame', 'Dr.', 'Mrs.', 'Mr.', 'Ms.', 'Mx.', 'Prof.'] as const;
