export const fmtCost = (v: number | null | undefined) =>
  v == null ? "–" : v === 0 ? "$0" : v < 0.01 ? `$${v.toFixed(6)}` : `$${v.toFixed(4)}`;
export const fmtMs = (v: number | null | undefined) =>
  v == null ? "–" : v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(2)} s`;
export const fmtDate = (v: string | null | undefined) => (v ? new Date(v).toLocaleString() : "–");
export const fmtNum = (v: number | null | undefined, digits = 3) =>
  v == null ? "–" : Number.isInteger(v) ? String(v) : v.toFixed(digits);
export const tokensOf = (usage: Record<string, number> | undefined) => {
  if (!usage) return null;
  if (typeof usage.total === "number") return usage.total;
  const sum = Object.values(usage).reduce((a, b) => a + (typeof b === "number" ? b : 0), 0);
  return sum || null;
};
