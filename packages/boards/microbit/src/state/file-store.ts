// The board's small file system (spec 002 §3): file name -> text, with append and remove. Used
// by the data logger and flash storage APIs.

export class FileStore {
  private readonly files = new Map<string, string>();

  read(name: string): string | undefined {
    return this.files.get(name);
  }

  write(name: string, text: string): void {
    this.files.set(name, text);
  }

  append(name: string, text: string): void {
    this.files.set(name, (this.files.get(name) ?? '') + text);
  }

  remove(name: string): boolean {
    return this.files.delete(name);
  }

  names(): string[] {
    return [...this.files.keys()].sort();
  }
}
