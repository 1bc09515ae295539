import { IllegalActionError as GameIllegalActionError } from '../../kit/errors';

/** Stable codes for illegal actions; the message is written for players. */
export type IllegalCode =
  | 'game_over'
  | 'invalid_action'
  | 'off_board'
  | 'same_square'
  | 'occupied'
  | 'tortoise_forward'
  | 'backwards'
  | 'not_nearest_tortoise'
  | 'no_lettuce'
  | 'not_enough_carrots'
  | 'finish_lettuces'
  | 'finish_too_many_carrots'
  | 'must_eat'
  | 'must_chew'
  | 'not_lettuce_square'
  | 'already_ate'
  | 'not_carrot_square'
  | 'cannot_pay'
  | 'skip_not_allowed'
  | 'finished';

/** Hare & Tortoise's illegal action: the platform's error with this game's codes. */
export class IllegalActionError extends GameIllegalActionError<IllegalCode> {}
