/** Every message the bot posts, built from the game module's texts: lobby, board, summary, stats. */
export { endingOf, plural, seatViews, withArticle, type Ending, type MessagePayload } from './message-parts';
export { closedLobbyPayload, lobbyPayload } from './lobby-views';
export { boardPayload, privateBoardFile, type BoardView } from './board-views';
export { figureText, figureTextIn, summaryPayload } from './summary-views';
