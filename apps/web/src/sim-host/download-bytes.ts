/** Hands a binary file (a PNG, a GIF) to the browser as a download. */
export function downloadBytes(fileName: string, data: Uint8Array, type: string): void {
  // Copied into a plain ArrayBuffer: a view may sit on a larger or shared buffer.
  const url = URL.createObjectURL(new Blob([data.slice().buffer], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
