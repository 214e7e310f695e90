import type { BlockPicture, BlockPicturePart } from '@blockyard/docs';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import './block-picture.css';

const LED_ROWS = 5;

function Slot({ part }: { part: Extract<BlockPicturePart, { kind: 'slot' }> }) {
  if (part.slot === 'leds') {
    return (
      <span className="block-slot block-slot-leds" aria-hidden="true">
        {Array.from({ length: LED_ROWS * LED_ROWS }, (_, index) => (
          <span key={index} className="block-led" />
        ))}
      </span>
    );
  }
  return <span className={`block-slot block-slot-${part.slot}`}>{part.text || '\u00a0'}</span>;
}

/** What a screen reader hears: the block's words and the values in its slots, inner blocks in brackets. */
export function blockPictureText(picture: Pick<BlockPicture, 'parts'>): string {
  return picture.parts
    .map((part) =>
      part.kind === 'label'
        ? part.text
        : part.kind === 'block'
          ? `(${blockPictureText(part.picture)})`
          : part.slot === 'leds'
            ? ''
            : part.text,
    )
    .filter(Boolean)
    .join(' ');
}

/** The words and slots of a block, with the blocks that sit in its inputs drawn inside it. */
export function Parts({ parts }: { parts: readonly BlockPicturePart[] }) {
  return (
    <span className="block-picture-row">
      {parts.map((part, index) =>
        part.kind === 'label' ? (
          <span key={index} className="block-picture-label">
            {part.text}
          </span>
        ) : part.kind === 'block' ? (
          <span
            key={index}
            className={`block-picture-inner block-shape-${part.picture.shape}`}
            style={{ '--block-colour': part.picture.colour } as CSSProperties}
          >
            <Parts parts={part.picture.parts} />
          </span>
        ) : (
          <Slot key={index} part={part} />
        ),
      )}
    </span>
  );
}

/**
 * A block drawn with styled elements (no Blockly): its shape, category colour, words and slots.
 * `inline` is the small form used inside a sentence.
 */
export function BlockPictureView({ picture, inline = false }: { picture: BlockPicture; inline?: boolean }) {
  const { t } = useTranslation();
  const style = { '--block-colour': picture.colour } as CSSProperties;
  const classes = ['block-picture', `block-shape-${picture.shape}`, inline ? 'block-picture-inline' : ''];
  return (
    <span
      className={classes.join(' ').trim()}
      style={style}
      role="img"
      aria-label={t('reference.blockPicture', { words: blockPictureText(picture) })}
    >
      <Parts parts={picture.parts} />
      {picture.mouth && !inline && (
        <>
          <span className="block-picture-mouth" aria-hidden="true" />
          <span className="block-picture-foot" aria-hidden="true" />
        </>
      )}
    </span>
  );
}
