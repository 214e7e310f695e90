import { describe, expect, it } from 'vitest';
import { checkProjectName, fitProjectName, normalizeProjectName, uniqueProjectName } from './project-name.ts';

describe('project names', () => {
  it('normalizes spaces and checks the rules', () => {
    expect(normalizeProjectName('  My \t robot  ')).toBe('My robot');
    expect(checkProjectName('My robot')).toBeNull();
    expect(checkProjectName('   ')).toBe('empty');
    expect(checkProjectName('a'.repeat(81))).toBe('too-long');
    expect(checkProjectName('😀'.repeat(80))).toBeNull();
    expect(checkProjectName('bad\nname')).toBe('control-characters');
  });

  it('numbers a name that is taken, ignoring case', () => {
    expect(uniqueProjectName('My project', [])).toBe('My project');
    expect(uniqueProjectName('My project', ['my project', 'My project 2'])).toBe('My project 3');
    const long = 'x'.repeat(80);
    const numbered = uniqueProjectName(long, [long]);
    expect(numbered).toHaveLength(80);
    expect(numbered.endsWith(' 2')).toBe(true);
  });

  it('fits any text into a valid name', () => {
    expect(fitProjectName('a\u0000b', 'F')).toBe('a b');
    expect(fitProjectName('   ', 'Fallback')).toBe('Fallback');
    expect(checkProjectName(fitProjectName('y'.repeat(500), 'F'))).toBeNull();
  });
});
