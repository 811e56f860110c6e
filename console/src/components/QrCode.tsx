import { encode } from "uqr";

/** A QR code drawn as SVG from uqr's module matrix (the account page's chunk alone carries it). */
export function QrCode({ text, size = 180 }: { text: string; size?: number }) {
  const { data } = encode(text, { border: 2 });
  const n = data.length;
  let path = "";
  data.forEach((row, y) => {
    row.forEach((on, x) => {
      if (on) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      width={size}
      height={size}
      viewBox={`0 0 ${n} ${n}`}
      role="img"
      aria-label="Two-factor QR code"
      data-testid="totp-qr"
      shapeRendering="crispEdges"
    >
      <rect width={n} height={n} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
