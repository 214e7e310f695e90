import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDisclosure } from './use-disclosure.ts';

afterEach(() => cleanup());

function Panel() {
  const { open, toggle, panelId, container, button } = useDisclosure();
  return (
    <>
      <div ref={container}>
        <button ref={button} type="button" aria-expanded={open} aria-controls={panelId} onClick={toggle}>
          Settings
        </button>
        <div id={panelId} hidden={!open}>
          <button type="button">Inside</button>
        </div>
      </div>
      <button type="button">Elsewhere</button>
    </>
  );
}

const toggleButton = () => screen.getByRole('button', { name: 'Settings' });

describe('useDisclosure', () => {
  it('opens and closes with its button', () => {
    render(<Panel />);
    fireEvent.click(toggleButton());
    expect(toggleButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(toggleButton());
    expect(toggleButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives focus back to its button', () => {
    render(<Panel />);
    fireEvent.click(toggleButton());
    screen.getByRole('button', { name: 'Inside' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggleButton().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggleButton());
  });

  it('stays open on a press inside and closes on a press outside', () => {
    render(<Panel />);
    fireEvent.click(toggleButton());
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Inside' }));
    expect(toggleButton().getAttribute('aria-expanded')).toBe('true');
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(toggleButton().getAttribute('aria-expanded')).toBe('false');
  });

  it('ignores other keys', () => {
    render(<Panel />);
    fireEvent.click(toggleButton());
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(toggleButton().getAttribute('aria-expanded')).toBe('true');
  });
});
