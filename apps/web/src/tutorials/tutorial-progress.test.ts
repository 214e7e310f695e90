import { describe, expect, it } from 'vitest';
import { clampStep, readTutorialProgress, TUTORIAL_FILE, tutorialProgressText } from './tutorial-progress.ts';

const withFile = (text: string) => ({ 'main.ts': '', [TUTORIAL_FILE]: text });

describe('tutorial progress', () => {
  it('round-trips through the project file', () => {
    const progress = { id: 'flashing-heart', step: 3, done: false };
    expect(readTutorialProgress(withFile(tutorialProgressText(progress)))).toEqual(progress);
  });

  it('is absent without the file and ignores damaged or hostile files', () => {
    expect(readTutorialProgress({ 'main.ts': '' })).toBeNull();
    for (const text of [
      'not json',
      '[]',
      'null',
      '{"id":"../etc","step":0}',
      '{"id":"dice","step":-1}',
      '{"id":"dice","step":1.5}',
      '{"id":"dice","step":"2"}',
      `{"id":"dice","step":0,"pad":"${'x'.repeat(5000)}"}`,
    ]) {
      expect(readTutorialProgress(withFile(text)), text.slice(0, 30)).toBeNull();
    }
  });

  it('keeps a saved step inside the tutorial', () => {
    expect(clampStep(9, 4)).toBe(3);
    expect(clampStep(-2, 4)).toBe(0);
    expect(clampStep(2, 4)).toBe(2);
  });
});
