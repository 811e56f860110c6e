import type { ItemError, ItemSchema, JsonType } from "./datasets.schema";

export type FieldError = Omit<ItemError, "index">;
/** Checks one item's `input` and `expectedOutput`; an empty list means valid. */
export type ItemValidator = (input: unknown, expectedOutput: unknown) => FieldError[];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function matchesType(value: unknown, type: JsonType): boolean {
  switch (type) {
    case "null":
      return value === null;
    case "array":
      return Array.isArray(value);
    case "object":
      return isObject(value);
    case "integer":
      return Number.isInteger(value);
    default:
      return typeof value === type;
  }
}

const display = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));

interface FieldCheck {
  field: string;
  types: JsonType[] | null;
  allowed: Set<unknown> | null;
  /** `must be one of: a, b` (docs/datasets.md, "Item schema"). */
  enumMessage: string;
}

/** The type, then the enum, of one present value: at most one error per field. */
function checkValue(check: FieldCheck, value: unknown): FieldError | null {
  if (check.types && !check.types.some((t) => matchesType(value, t)))
    return { field: check.field, message: `must be of type ${check.types.join(" or ")}` };
  if (check.allowed && !check.allowed.has(value)) return { field: check.field, message: check.enumMessage };
  return null;
}

function fieldCheck(field: string, spec: { type?: JsonType | JsonType[]; enum?: unknown[] }): FieldCheck {
  return {
    field,
    types: spec.type === undefined ? null : [spec.type].flat(),
    allowed: spec.enum ? new Set(spec.enum) : null,
    enumMessage: spec.enum ? `must be one of: ${spec.enum.map(display).join(", ")}` : "",
  };
}

/**
 * Compiles the item schema once, into a validator run per item (docs/datasets.md, "Item schema"): a
 * missing required field of `input` gives `required` at `input.<field>`, a value outside an `enum`
 * gives `must be one of: a, b`, a wrong type `must be of type string`. Undeclared fields are allowed;
 * `null` is a present value (JSON Schema); `expectedOutput` is checked only when given (not null).
 */
export function compileItemSchema(schema: ItemSchema | null): ItemValidator {
  if (!schema) return () => [];
  const inputSpec = schema.input;
  const inputType = inputSpec?.type !== undefined ? fieldCheck("input", { type: inputSpec.type }) : null;
  const shaped = inputSpec !== undefined && (inputSpec.required !== undefined || inputSpec.properties !== undefined);
  const required = inputSpec?.required ?? [];
  const properties = Object.entries(inputSpec?.properties ?? {}).map(
    ([name, spec]) => [name, fieldCheck(`input.${name}`, spec)] as const,
  );
  const expected =
    schema.expectedOutput && (schema.expectedOutput.type !== undefined || schema.expectedOutput.enum !== undefined)
      ? fieldCheck("expectedOutput", schema.expectedOutput)
      : null;

  return (input, expectedOutput) => {
    const errors: FieldError[] = [];
    const typeError = inputType && checkValue(inputType, input);
    if (typeError) errors.push(typeError);
    else if (shaped && !isObject(input)) errors.push({ field: "input", message: "must be of type object" });
    else if (shaped) {
      const fields = input as Record<string, unknown>;
      const missing = new Set<string>();
      for (const name of required) {
        if (!Object.hasOwn(fields, name) || fields[name] === undefined) {
          missing.add(name);
          errors.push({ field: `input.${name}`, message: "required" });
        }
      }
      for (const [name, check] of properties) {
        if (missing.has(name) || !Object.hasOwn(fields, name)) continue;
        const error = checkValue(check, fields[name]);
        if (error) errors.push(error);
      }
    }
    if (expected && expectedOutput !== undefined && expectedOutput !== null) {
      const error = checkValue(expected, expectedOutput);
      if (error) errors.push(error);
    }
    return errors;
  };
}
