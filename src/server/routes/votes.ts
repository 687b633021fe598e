import type { VoteQueries } from '../db/votes.js';
import { VOTE_RESULTS, VOTE_TYPES } from '../../core/domain/enums.js';
import { notFound } from '../../core/errors.js';
import type { Handlers } from '../http/register-endpoints.js';
import type { Responder } from '../http/respond.js';
import { date, existingId, level, limit, oneOf, page, parseParams, pathId, province, uuid } from '../http/params.js';

export const listParams = {
  level: level(),
  province_territory: province(),
  session_id: uuid(),
  bill_id: uuid(),
  result: oneOf(VOTE_RESULTS),
  vote_type: oneOf(VOTE_TYPES),
  occurred_from: date(),
  occurred_to: date(),
  page: page(),
  limit: limit(100, 50),
};

export function voteHandlers({ votes, respond }: { votes: VoteQueries; respond: Responder }): Handlers {
  return {
    listVotes: (c, e) =>
      respond.json(c, votes.list(parseParams(c.req.queries(), listParams, [['occurred_from', 'occurred_to']])), e.maxAge),
    getVote: (c, e) => {
      const id = pathId(c.req.param('id'), 'vote');
      const vote = votes.detail(id);
      if (!vote) throw notFound(`vote ${id}`);
      return respond.json(c, { vote }, e.maxAge);
    },
    listVotePositions: (c, e) => {
      const id = existingId(c.req.param('id'), 'vote', votes.exists);
      return respond.json(c, { vote_id: id, positions: votes.positions(id) }, e.maxAge);
    },
  };
}
