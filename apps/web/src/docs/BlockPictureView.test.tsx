import type { BlockPicture } from '@blockyard/docs';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/i18n.ts';
import { blockPictureText, BlockPictureView } from './BlockPictureView.tsx';

let i18n: Awaited<ReturnType<typeof createI18n>>;
beforeAll(async () => {
  i18n = await createI18n('en');
});
afterEach(() => cleanup());

/** `play (melody [E D G] at tempo [120] (bpm)) [until done ▾]`, as the toolbox offers it. */
const play: BlockPicture = {
  shape: 'statement',
  colour: '#E63022',
  mouth: false,
  parts: [
    { kind: 'label', text: 'play' },
    {
      kind: 'block',
      picture: {
        shape: 'reporter',
        colour: '#E63023',
        mouth: false,
        parts: [
          { kind: 'label', text: 'melody' },
          { kind: 'slot', slot: 'text', text: 'E D G' },
          { kind: 'label', text: 'at tempo' },
          { kind: 'slot', slot: 'number', text: '120' },
        ],
      },
    },
    { kind: 'slot', slot: 'dropdown', text: 'until done' },
  ],
};

describe('BlockPictureView', () => {
  it('draws a block inside a block in its own colour and shape, and reads it out in order', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <BlockPictureView picture={play} />
      </I18nextProvider>,
    );
    const picture = screen.getByRole('img', { name: 'Block: play (melody E D G at tempo 120) until done' });
    const inner = picture.querySelector('.block-picture-inner');
    expect(inner?.classList.contains('block-shape-reporter')).toBe(true);
    expect(inner?.getAttribute('style')).toContain('#E63023');
    expect(inner?.textContent).toBe('melodyE D Gat tempo120');
    expect(picture.querySelector('.block-slot-dropdown')?.textContent).toBe('until done');
  });

  it('leaves the LED grid out of what a screen reader hears', () => {
    const leds: BlockPicture = {
      shape: 'statement',
      colour: '#1E90FF',
      mouth: false,
      parts: [
        { kind: 'label', text: 'show leds' },
        { kind: 'slot', slot: 'leds', text: '' },
      ],
    };
    expect(blockPictureText(leds)).toBe('show leds');
  });
});
