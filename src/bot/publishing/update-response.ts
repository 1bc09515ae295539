/**
 * Answers a component click by updating its message with files (discord.js's `interaction.update`), sending the
 * multipart body as one buffer. discord.js hands its REST client a FormData of Blobs, which undici streams part
 * by part through web streams; with a board on every move that was a third of the bot's own work per move.
 */
import {
  InteractionResponseType,
  MessagePayload,
  Routes,
  type MessageComponentInteraction,
  type InteractionUpdateOptions,
} from 'discord.js';
import { multipartBody, type BodyFile } from './multipart-body';

export async function updateWithFiles(
  interaction: MessageComponentInteraction,
  options: InteractionUpdateOptions,
): Promise<void> {
  if (interaction.deferred || interaction.replied) throw new Error('the interaction was already answered');
  // Every component interaction is a message target; discord.js's union lists its subclasses only.
  const target = interaction as Parameters<typeof MessagePayload.create>[0];
  const payload = MessagePayload.create(target, options);
  const { body: data, files } = await payload.resolveBody().resolveFiles();
  const { body, contentType } = multipartBody((files ?? []) as BodyFile[], {
    type: InteractionResponseType.UpdateMessage,
    data,
  });
  await interaction.client.rest.post(Routes.interactionCallback(interaction.id, interaction.token), {
    body,
    passThroughBody: true,
    headers: { 'Content-Type': contentType },
    auth: false,
    query: new URLSearchParams({ with_response: 'false' }),
  });
  interaction.replied = true;
}
