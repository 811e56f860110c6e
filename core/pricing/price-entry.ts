/** A price list for the models whose name matches `matchPattern`: USD per token, keyed by usage key. */
export interface PriceEntry {
  modelName: string;
  /** Regular expression source, matched case-insensitively against the observation's model name. */
  matchPattern: string;
  prices: Record<string, number>;
}

export interface BuiltinPrice extends PriceEntry {
  prices: {
    input: number;
    output: number;
    cache_read_input_tokens?: number;
    cache_creation_input_tokens?: number;
    reasoning_tokens?: number;
  };
}
