// The code editor's look from our design tokens (CSS custom properties), so the default and
// high-contrast themes apply without rebuilding the editor. Syntax colours are tokens too
// (--code-* in editor.css), each at least 4.5:1 on its background.
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags } from '@lezer/highlight';

export const codeTheme = EditorView.theme({
  '&': {
    height: '100%',
    color: 'var(--color-text)',
    backgroundColor: 'var(--color-surface)',
    fontSize: 'var(--code-font-size, 16px)',
  },
  '.cm-scroller': { fontFamily: 'var(--font-code)', lineHeight: '1.6' },
  '.cm-content': { caretColor: 'var(--color-text)', padding: 'var(--space-3) 0' },
  '&.cm-focused': { outline: 'none' },
  '&.cm-focused .cm-cursor': { borderLeftColor: 'var(--color-text)', borderLeftWidth: '2px' },
  '.cm-gutters': {
    backgroundColor: 'var(--color-bg)',
    color: 'var(--color-text-muted)',
    borderRight: '1px solid var(--color-border)',
  },
  '.cm-activeLine': { backgroundColor: 'var(--code-active-line)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--code-active-line)', color: 'var(--color-text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'var(--code-selection)',
  },
  '.cm-tooltip': {
    border: '2px solid var(--color-border)',
    borderRadius: 'var(--radius-sm)',
    backgroundColor: 'var(--color-surface-raised)',
    color: 'var(--color-text)',
    boxShadow: 'var(--shadow-raised)',
    fontFamily: 'var(--font-body)',
    maxWidth: '32rem',
  },
  '.cm-tooltip-autocomplete > ul > li': { padding: '0.25rem 0.5rem', fontFamily: 'var(--font-code)' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': {
    backgroundColor: 'var(--color-brand)',
    color: 'var(--color-on-brand)',
  },
  '.cm-diagnostic': { padding: 'var(--space-2) var(--space-3)', fontFamily: 'var(--font-body)' },
  '.cm-diagnostic-error': { borderLeft: '4px solid var(--color-danger)' },
  '.cm-diagnostic-warning': { borderLeft: '4px solid var(--color-accent-sun)' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--color-danger)',
    textUnderlineOffset: '3px',
  },
  '.cm-lintRange-warning': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--color-warning-line)',
    textUnderlineOffset: '3px',
  },
});

const highlight = HighlightStyle.define([
  {
    tag: [tags.keyword, tags.controlKeyword, tags.definitionKeyword, tags.moduleKeyword],
    color: 'var(--code-keyword)',
    fontWeight: '700',
  },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--code-string)' },
  { tag: [tags.number, tags.bool, tags.null], color: 'var(--code-number)' },
  { tag: [tags.comment, tags.lineComment, tags.blockComment], color: 'var(--code-comment)', fontStyle: 'italic' },
  { tag: [tags.function(tags.variableName), tags.function(tags.propertyName)], color: 'var(--code-function)' },
  { tag: [tags.typeName, tags.className, tags.namespace], color: 'var(--code-type)' },
  { tag: [tags.propertyName], color: 'var(--code-property)' },
  { tag: [tags.operator, tags.punctuation], color: 'var(--color-text)' },
]);

export const codeHighlighting = syntaxHighlighting(highlight);
