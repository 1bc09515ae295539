import { ComponentType, MessageFlags, type APIEmbed, type APIMessageTopLevelComponent } from 'discord.js';
import { Errors, FormErrors } from './errors';
import { parseAllowedMentions, type AllowedMentions } from './mention-rules';
import { isRecord, optionalNumber, optionalString, recordArray, textLength, type JsonRecord } from './json';

/** A file of a multipart request (`files[n]`). */
export interface UploadedFile {
  /** n of the `files[n]` field. */
  index: number;
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** One entry of a message body's `attachments`: an existing attachment to keep, or `files[id]` to add. */
export interface AttachmentRef {
  id: string;
  description?: string;
  filename?: string;
}

/** The message fields of a create/edit body; a field left undefined was not sent. */
export interface MessageInput {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIMessageTopLevelComponent[];
  attachments?: AttachmentRef[];
  flags?: number;
  nonce?: string | number;
  /** With a nonce: a message of the same author and nonce from the last few minutes is returned, not repeated. */
  enforceNonce?: boolean;
  referencedMessageId?: string;
  /** Who the message may ping; undefined: every mention of the content pings. */
  allowedMentions?: AllowedMentions;
  /** The raw allowed_mentions, validated with the rest of the body. */
  rawAllowedMentions?: unknown;
}

export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  embedFieldName: 256,
  embedFieldValue: 1024,
  embedFooter: 2048,
  embedAuthor: 256,
  actionRows: 5,
  rowButtons: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectOptionText: 100,
  selectPlaceholder: 150,
  files: 10,
  autocompleteChoices: 25,
  nonce: 25,
  attachmentDescription: 1024,
} as const;

/** Reads the message fields of a JSON body; null means "clear" (empty content, no embeds, ...). */
export function parseMessageInput(body: unknown): MessageInput {
  const record = isRecord(body) ? body : {};
  const input: MessageInput = {};
  if ('content' in record) input.content = optionalString(record, 'content') ?? '';
  if ('embeds' in record) input.embeds = recordArray(record['embeds']) as APIEmbed[];
  if ('components' in record) {
    input.components = recordArray(record['components']) as unknown as APIMessageTopLevelComponent[];
  }
  if ('attachments' in record) input.attachments = recordArray(record['attachments']).map(parseAttachmentRef);
  const flags = optionalNumber(record, 'flags');
  if (flags !== undefined) input.flags = flags;
  const nonce = record['nonce'];
  if (typeof nonce === 'string' || typeof nonce === 'number') input.nonce = nonce;
  if (record['enforce_nonce'] === true) input.enforceNonce = true;
  if ('allowed_mentions' in record) input.rawAllowedMentions = record['allowed_mentions'];
  const reference = record['message_reference'];
  if (isRecord(reference) && typeof reference['message_id'] === 'string') {
    input.referencedMessageId = reference['message_id'];
  }
  return input;
}

function parseAttachmentRef(record: JsonRecord): AttachmentRef {
  const ref: AttachmentRef = { id: String(record['id'] ?? '') };
  const description = optionalString(record, 'description');
  if (description !== undefined) ref.description = description;
  const filename = optionalString(record, 'filename');
  if (filename !== undefined) ref.filename = filename;
  return ref;
}

/** Discord's limits on content, embeds, components and files: 50035 (or 413 for too large files). */
export function validateMessageInput(
  input: MessageInput,
  files: readonly UploadedFile[],
  maxFileBytes: number,
): void {
  if (files.some((file) => file.data.length > maxFileBytes)) throw Errors.tooLarge();
  const errors = new FormErrors();
  if (files.length > LIMITS.files) {
    errors.add(['files'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.files} or fewer in length.`);
  }
  if (textLength(input.content) > LIMITS.content) {
    errors.add(['content'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.content} or fewer in length.`);
  }
  if (typeof input.nonce === 'string' && input.nonce.length > LIMITS.nonce) {
    errors.add(['nonce'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.nonce} or fewer in length.`);
  }
  input.attachments?.forEach((ref, index) => {
    if (textLength(ref.description) > LIMITS.attachmentDescription) {
      errors.add(
        ['attachments', String(index), 'description'],
        'BASE_TYPE_MAX_LENGTH',
        `Must be ${LIMITS.attachmentDescription} or fewer in length.`,
      );
    }
  });
  if (input.rawAllowedMentions !== undefined)
    input.allowedMentions = parseAllowedMentions(input.rawAllowedMentions, errors);
  if (input.embeds) validateEmbeds(input.embeds, errors);
  if (input.components) {
    const v2 = ((input.flags ?? 0) & MessageFlags.IsComponentsV2) !== 0;
    validateComponents(input.components as unknown as JsonRecord[], v2, errors);
  }
  errors.throwIfAny();
}

function validateEmbeds(embeds: readonly APIEmbed[], errors: FormErrors): void {
  if (embeds.length > LIMITS.embeds) {
    errors.add(['embeds'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.embeds} or fewer in length.`);
  }
  let total = 0;
  embeds.forEach((embed, i) => {
    total += validateEmbed(embed, ['embeds', i], errors);
  });
  if (total > LIMITS.embedTotal) {
    errors.add(
      ['embeds'],
      'MAX_EMBED_SIZE_EXCEEDED',
      `Embed size exceeds maximum size of ${LIMITS.embedTotal}`,
    );
  }
}

/** Validates one embed and returns its character count. */
function validateEmbed(embed: APIEmbed, path: (string | number)[], errors: FormErrors): number {
  const max = (value: unknown, limit: number, ...key: (string | number)[]): number => {
    const length = textLength(value);
    if (length > limit) {
      errors.add([...path, ...key], 'BASE_TYPE_MAX_LENGTH', `Must be ${limit} or fewer in length.`);
    }
    return length;
  };
  let total = max(embed.title, LIMITS.embedTitle, 'title');
  total += max(embed.description, LIMITS.embedDescription, 'description');
  total += max(embed.footer?.text, LIMITS.embedFooter, 'footer', 'text');
  total += max(embed.author?.name, LIMITS.embedAuthor, 'author', 'name');
  const fields = embed.fields ?? [];
  if (fields.length > LIMITS.embedFields) {
    errors.add(
      [...path, 'fields'],
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${LIMITS.embedFields} or fewer in length.`,
    );
  }
  fields.forEach((field, i) => {
    for (const [key, limit] of [
      ['name', LIMITS.embedFieldName],
      ['value', LIMITS.embedFieldValue],
    ] as const) {
      if (textLength(field[key]) === 0) {
        errors.add([...path, 'fields', i, key], 'BASE_TYPE_REQUIRED', 'This field is required');
      }
      total += max(field[key], limit, 'fields', i, key);
    }
  });
  return total;
}

/** Calls `visit` for every component, depth first, with its JSON path. */
export function walkComponents(
  components: readonly JsonRecord[],
  visit: (component: JsonRecord, path: (string | number)[]) => void,
  path: (string | number)[] = ['components'],
): void {
  components.forEach((component, i) => {
    visit(component, [...path, i]);
    walkComponents(recordArray(component['components']), visit, [...path, i, 'components']);
    for (const key of ['accessory', 'component']) {
      const child = component[key];
      if (isRecord(child)) walkComponents([child], visit, [...path, i, key]);
    }
  });
}

const SELECT_TYPES: ReadonlySet<number> = new Set([
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
]);

function validateComponents(components: readonly JsonRecord[], v2: boolean, errors: FormErrors): void {
  if (!v2) validateActionRows(components, errors);
  const seen = new Set<string>();
  const ids = new Set<unknown>();
  walkComponents(components, (component, path) => {
    if (component['type'] === ComponentType.Button) validateButton(component, path, errors);
    if (component['type'] === ComponentType.StringSelect) validateStringSelect(component, path, errors);
    const id = component['id'];
    if (id !== undefined && id !== null) {
      if (!Number.isInteger(id) || (id as number) < 0 || (id as number) > 0x7fffffff)
        errors.add([...path, 'id'], 'NUMBER_TYPE_COERCE', `Value "${String(id)}" is not int32.`);
      else if (ids.has(id))
        errors.add(
          [...path, 'id'],
          'COMPONENT_ID_DUPLICATED',
          'Component id must be unique within a message',
        );
      ids.add(id);
    }
    const customId = component['custom_id'];
    if (typeof customId !== 'string') return;
    if (customId.length < 1 || customId.length > LIMITS.customId) {
      errors.add(
        [...path, 'custom_id'],
        'BASE_TYPE_BAD_LENGTH',
        `Must be between 1 and ${LIMITS.customId} in length.`,
      );
    }
    if (seen.has(customId)) {
      errors.add(
        [...path, 'custom_id'],
        'COMPONENT_CUSTOM_ID_DUPLICATED',
        'Component custom id cannot be duplicated',
      );
    }
    seen.add(customId);
  });
}

function validateActionRows(rows: readonly JsonRecord[], errors: FormErrors): void {
  if (rows.length > LIMITS.actionRows) {
    errors.add(['components'], 'BASE_TYPE_MAX_LENGTH', `Must be ${LIMITS.actionRows} or fewer in length.`);
  }
  rows.forEach((row, i) => {
    const path = ['components', i];
    if (row['type'] !== ComponentType.ActionRow) {
      errors.add([...path, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      return;
    }
    const children = recordArray(row['components']);
    const selects = children.filter((c) => SELECT_TYPES.has(Number(c['type']))).length;
    if (children.length < 1 || children.length > LIMITS.rowButtons) {
      errors.add(
        [...path, 'components'],
        'BASE_TYPE_BAD_LENGTH',
        `Must be between 1 and ${LIMITS.rowButtons} in length.`,
      );
    } else if (selects > 0 && children.length > 1) {
      errors.add(
        [...path, 'components'],
        'COMPONENT_LAYOUT_WIDTH_EXCEEDED',
        'The specified component exceeds the maximum width',
      );
    }
  });
}

function validateButton(button: JsonRecord, path: (string | number)[], errors: FormErrors): void {
  if (textLength(button['label']) > LIMITS.buttonLabel) {
    errors.add(
      [...path, 'label'],
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${LIMITS.buttonLabel} or fewer in length.`,
    );
  }
  const style = button['style'];
  const needsCustomId = style !== 5 && style !== 6;
  if (needsCustomId && typeof button['custom_id'] !== 'string') {
    errors.add([...path, 'custom_id'], 'BASE_TYPE_REQUIRED', 'This field is required');
  }
  if (style === 5 && typeof button['url'] !== 'string') {
    errors.add([...path, 'url'], 'BASE_TYPE_REQUIRED', 'This field is required');
  }
  if (style === 5 && button['custom_id'] !== undefined) {
    errors.add(
      [...path, 'custom_id'],
      'BUTTON_COMPONENT_CUSTOM_ID_NOT_ALLOWED',
      'A link button cannot have a custom id',
    );
  }
  const labelled = textLength(button['label']) > 0 || isRecord(button['emoji']);
  if (style !== 6 && !labelled) {
    errors.add([...path], 'BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED', 'A button needs a label or an emoji');
  }
}

function validateStringSelect(select: JsonRecord, path: (string | number)[], errors: FormErrors): void {
  const options = recordArray(select['options']);
  if (options.length < 1 || options.length > LIMITS.selectOptions) {
    errors.add(
      [...path, 'options'],
      'BASE_TYPE_BAD_LENGTH',
      `Must be between 1 and ${LIMITS.selectOptions} in length.`,
    );
  }
  validateSelectCounts(select, options.length, path, errors);
  const values = new Set<unknown>();
  options.forEach((option, i) => {
    for (const key of ['label', 'value']) {
      if (textLength(option[key]) < 1)
        errors.add([...path, 'options', i, key], 'BASE_TYPE_REQUIRED', 'This field is required');
    }
    if (values.has(option['value'])) {
      errors.add(
        [...path, 'options', i, 'value'],
        'SELECT_COMPONENT_OPTION_VALUE_DUPLICATED',
        'Select component option values must be unique',
      );
    }
    values.add(option['value']);
    for (const key of ['label', 'value', 'description']) {
      if (textLength(option[key]) > LIMITS.selectOptionText) {
        errors.add(
          [...path, 'options', i, key],
          'BASE_TYPE_MAX_LENGTH',
          `Must be ${LIMITS.selectOptionText} or fewer in length.`,
        );
      }
    }
  });
}

/** placeholder ≤ 150; 0 ≤ min_values ≤ max_values ≤ 25, and no more than the options offered. */
function validateSelectCounts(
  select: JsonRecord,
  optionCount: number,
  path: (string | number)[],
  errors: FormErrors,
): void {
  if (textLength(select['placeholder']) > LIMITS.selectPlaceholder) {
    errors.add(
      [...path, 'placeholder'],
      'BASE_TYPE_MAX_LENGTH',
      `Must be ${LIMITS.selectPlaceholder} or fewer in length.`,
    );
  }
  const min = typeof select['min_values'] === 'number' ? select['min_values'] : 1;
  const max = typeof select['max_values'] === 'number' ? select['max_values'] : 1;
  if (min < 0 || min > LIMITS.selectOptions)
    errors.add([...path, 'min_values'], 'NUMBER_TYPE_MAX', `Must be between 0 and ${LIMITS.selectOptions}.`);
  if (max < 1 || max > LIMITS.selectOptions)
    errors.add([...path, 'max_values'], 'NUMBER_TYPE_MAX', `Must be between 1 and ${LIMITS.selectOptions}.`);
  if (min > max)
    errors.add(
      [...path, 'min_values'],
      'SELECT_COMPONENT_MIN_VALUES_GREATER_THAN_MAX',
      'min_values exceeds max_values',
    );
  if (max > optionCount && optionCount > 0)
    errors.add(
      [...path, 'max_values'],
      'SELECT_COMPONENT_MAX_VALUES_EXCEEDS_OPTIONS',
      'max_values exceeds the number of options',
    );
}
