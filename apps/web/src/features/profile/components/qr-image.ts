/**
 * The server's QR code as an image. A data: URL in an <img> cannot run script or reach the page,
 * whatever the SVG holds, so the markup is never put into the document.
 */
export function qrImageSrc(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
