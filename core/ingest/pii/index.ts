export { PiiPolicy, BUILTIN_PII_KINDS, type BuiltinPiiKind } from "./pii.schema";
export { compilePiiPolicy, type Masker } from "./compile-pii-policy";
