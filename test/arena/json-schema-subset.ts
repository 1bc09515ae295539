/**
 * A small validator of the JSON Schema subset docs/players-schema/*.json use (type, const, enum, properties,
 * required, additionalProperties, items, prefixItems, anyOf, oneOf, minimum, maximum, minItems, multipleOf,
 * and $ref into #/$defs), so the tests check the published documents themselves, not only the zod schemas.
 * Returns the problems found (empty: valid).
 */
type Schema = Record<string, unknown>;

const KNOWN = new Set([
  ...['type', 'const', 'enum', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems'],
  ...['anyOf', 'oneOf', 'minimum', 'maximum', 'minItems', 'maxItems', 'multipleOf', '$ref', 'description'],
]);

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(wanted: string, value: unknown): boolean {
  const actual = typeOf(value);
  return wanted === actual || (wanted === 'number' && actual === 'integer');
}

export function validate(root: Schema, schema: Schema, value: unknown, path = '$'): string[] {
  for (const key of Object.keys(schema))
    if (!KNOWN.has(key)) return [`${path}: the validator does not know "${key}"`];
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.replace('#/$defs/', '');
    return validate(root, (root.$defs as Record<string, Schema>)[name]!, value, path);
  }
  const problems: string[] = [];
  if (typeof schema.type === 'string' && !typeMatches(schema.type, value))
    return [`${path}: expected ${schema.type}, got ${typeOf(value)}`];
  if ('const' in schema && JSON.stringify(schema.const) !== JSON.stringify(value))
    problems.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => option === value))
    problems.push(`${path}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum)
      problems.push(`${path}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum)
      problems.push(`${path}: above ${schema.maximum}`);
    if (typeof schema.multipleOf === 'number' && value % schema.multipleOf !== 0)
      problems.push(`${path}: not a multiple of ${schema.multipleOf}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems)
      problems.push(`${path}: too short`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems)
      problems.push(`${path}: too long`);
    const prefix = (schema.prefixItems as Schema[] | undefined) ?? [];
    value.forEach((item, index) => {
      const itemSchema = prefix[index] ?? (schema.items as Schema | undefined);
      if (itemSchema) problems.push(...validate(root, itemSchema, item, `${path}[${index}]`));
    });
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
    for (const key of (schema.required as string[] | undefined) ?? [])
      if (!(key in object)) problems.push(`${path}: "${key}" is missing`);
    for (const [key, item] of Object.entries(object)) {
      if (properties[key]) problems.push(...validate(root, properties[key], item, `${path}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${path}: "${key}" is not allowed`);
    }
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const options = schema[keyword] as Schema[] | undefined;
    if (!options) continue;
    const matching = options.filter((option) => validate(root, option, value, path).length === 0).length;
    if (keyword === 'anyOf' ? matching === 0 : matching !== 1)
      problems.push(`${path}: matches ${matching} of the ${keyword} options`);
  }
  return problems;
}
