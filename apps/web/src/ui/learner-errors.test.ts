import { FORMAT_MESSAGES, FormatError, type FormatErrorCode } from '@blockyard/core';
import { ProjectStoreError, type ProjectStoreErrorCode } from '@blockyard/projects';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { learnerError } from './learner-errors.ts';

const storeCodes: ProjectStoreErrorCode[] = [
  'not-found',
  'damaged',
  'invalid-name',
  'invalid-files',
  'not-trashed',
  'quota-exceeded',
  'unavailable',
  'failed',
];

// Words a child should not meet in an error sentence.
const jargon = /\b(magic|encoded|pxt\.json|config|semver|LZMA|undefined|null|exception|database|quota)\b/i;

describe('errors in plain words', () => {
  it('gives every file-format error a plain sentence and keeps the spec text as the detail', async () => {
    const i18n = await createI18n('en');
    for (const code of Object.keys(FORMAT_MESSAGES) as FormatErrorCode[]) {
      const error = new FormatError(code, {
        name: 'notes.txt',
        file: 'a.ts',
        type: 'XZ',
        id: 'this',
        first: 'a.ts',
        second: 'A.ts',
        limit: '4 MB',
      });
      const { words, detail } = learnerError(error, i18n.t);
      expect(words, code).not.toMatch(/^errors\./);
      expect(words, code).not.toMatch(jargon);
      expect(words, code).not.toContain('{{');
      expect(detail, code).toBe(error.message);
    }
  });

  it('turns the PNG errors of spec 000 §5 into one sentence a child understands', async () => {
    const i18n = await createI18n('en');
    for (const code of ['png-invalid-format', 'png-invalid-magic'] as const) {
      const { words, detail } = learnerError(new FormatError(code), i18n.t);
      expect(words).toBe(
        'This picture has no project hidden inside it. Choose a picture that was saved from Blockyard or MakeCode.',
      );
      expect(detail).toBe(
        code === 'png-invalid-format' ? 'Invalid encoded PNG format' : 'Invalid magic in encoded PNG',
      );
    }
  });

  it('gives every storage error a plain sentence', async () => {
    const i18n = await createI18n('en');
    for (const code of storeCodes) {
      const { words, detail } = learnerError(new ProjectStoreError(code, 'IDBDatabase closed'), i18n.t);
      expect(words, code).not.toMatch(/^errors\./);
      expect(words, code).not.toMatch(jargon);
      expect(detail).toBe('IDBDatabase closed');
    }
  });

  it('never shows an unknown error’s own text as the sentence', async () => {
    const i18n = await createI18n('en');
    const { words, detail } = learnerError(new TypeError("Cannot read properties of undefined (reading 'x')"), i18n.t);
    expect(words).toBe('Something unexpected went wrong. Your work is safe; please try again.');
    expect(detail).toContain('Cannot read properties');
  });
});
