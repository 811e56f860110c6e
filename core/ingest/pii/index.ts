export { compilePiiPolicy, type Masker } from "./compile-pii-policy";
export { BUILTIN_PII_KINDS, type BuiltinPiiKind, PiiPolicy } from "./pii.schema";
