import type { UserPreferences } from './api-types.ts';

/** Spec 000 §3 defaults; `language` is the target's default locale. */
export function defaultPreferences(language = 'en'): UserPreferences {
  return {
    language,
    highContrast: false,
    colorThemeIds: {},
    reader: '',
    skillmap: { mapProgress: {}, completedTags: {} },
    email: false,
  };
}

/** Path segments that could reach an object's prototype: refused in every patch. */
export const FORBIDDEN_POINTER_SEGMENTS: readonly string[] = ['__proto__', 'prototype', 'constructor'];

/** The segments of an RFC 6901 pointer ('/a/b~1c' -> ['a', 'b/c']), or null when it is not one. */
export function pointerSegments(pointer: string): string[] | null {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return null;
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}
