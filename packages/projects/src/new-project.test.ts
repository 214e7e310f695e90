import { describe, expect, it } from 'vitest';
import { newProjectFiles } from './new-project.ts';

describe('newProjectFiles', () => {
  it('makes the MakeCode file set with a pxt.json naming every file', () => {
    const made = newProjectFiles('Name badge', 'basic.showString("Hi")');
    expect(Object.keys(made).sort()).toEqual(['README.md', 'assets.json', 'main.blocks', 'main.ts', 'pxt.json']);
    const config = JSON.parse(made['pxt.json'] ?? '') as { name: string; files: string[]; dependencies: object };
    expect(config.name).toBe('Name badge');
    expect(config.files.sort()).toEqual(['README.md', 'assets.json', 'main.blocks', 'main.ts']);
    expect(config.dependencies).toHaveProperty('core');
    expect(made['main.ts']).toBe('basic.showString("Hi")');
  });
});
