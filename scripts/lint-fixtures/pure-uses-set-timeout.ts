export function later(callback: () => void): void {
  setTimeout(callback, 10);
}
